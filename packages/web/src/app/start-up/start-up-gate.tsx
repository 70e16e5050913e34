import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useConsentController } from '../../features/consent/consent-provider';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { ModuleLoadErrorPage } from '../../ui/module-load-error-page';
import { PageLoader } from '../../ui/page-loader';
import { useUserContext } from '../user-context/use-user-context';
import { USER_CONTEXT_QUERY_KEY } from '../user-context/user-context-api';
import { saveTimeZone, userContextQuery } from '../user-context/user-context-query';
import { markModule } from './module-status';
import { browserTimeZone, runStartUp } from './run-start-up';
import { startTrackingTools, TRACKING_LOADERS, type TrackingLoader } from './tracking-loaders';

type Phase = 'starting' | 'ready' | 'failed';

export interface StartUpGateProps {
  children: ReactNode;
  trackingLoaders?: readonly TrackingLoader[];
}

/**
 * Runs page start-up (platform §4) once and renders the pages (`children`) at its last
 * step. Until then it shows a spinner; if the user's context cannot be loaded, the reload
 * banner.
 */
export function StartUpGate({ children, trackingLoaders = TRACKING_LOADERS }: StartUpGateProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const consent = useConsentController();
  const { isLoaded } = useUserContext();
  // A server-rendered page arrives with the context in the cache and its pages in the HTML:
  // it hydrates them at once, and start-up's other steps run as usual.
  const [phase, setPhase] = useState<Phase>(() =>
    queryClient.getQueryData(USER_CONTEXT_QUERY_KEY) ? 'ready' : 'starting',
  );
  // Strict mode runs effects twice in development; start-up must run once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    markModule('app', 'loading');
    runStartUp({
      loadUserContext: () => queryClient.fetchQuery(userContextQuery(api)),
      saveTimeZone: (timeZone) => saveTimeZone(api, queryClient, timeZone),
      detectTimeZone: browserTimeZone,
      startTrackingTools: (context) => {
        // The stored consent choice first (the server's, for a signed-in user); the tools
        // start 3 s later and follow any change from then on.
        void consent.sync(context);
        startTrackingTools({ context, consent, report: reportError, loaders: trackingLoaders });
      },
      mountPages: () => {
        markModule('app', 'loaded');
        setPhase('ready');
      },
      reportError,
    }).catch((error: unknown) => {
      markModule('app', 'failed');
      reportError(error, { step: 'user-context' });
      setPhase('failed');
    });
  }, [api, queryClient, trackingLoaders, consent]);

  // The query cache tells its subscribers a moment after start-up has the data; wait for the
  // provider to have it too, since pages read it unconditionally.
  if (phase === 'ready' && isLoaded) return children;
  return <main>{phase === 'starting' ? <PageLoader /> : <ModuleLoadErrorPage />}</main>;
}
