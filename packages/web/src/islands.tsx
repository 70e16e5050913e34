// The browser's entry for pages hydrated as islands (app/islands, decision 0026): the server
// rendered the whole page; this hydrates only its interactive parts, each on its own, with
// one set of clients for the page. The single-page app's entry is main.tsx.
// Mantine's base styles first, as in main.tsx: the build's one stylesheet keeps this order.
import '@mantine/core/styles.css';
import { startTransition, useLayoutEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createIntl } from 'react-intl';
import { isIslandName } from './app/islands/island-names';
import { hydrateIsland, replayHeldEvents } from './app/islands/hydrate-island';
import { takeHeldEvents } from './app/islands/islands-starter';
import { replayTypedText } from './app/islands/replay-typed-text';
import { ISLAND_LOADERS } from './app/islands/island-loaders';
import { ISLAND_TAG } from './app/islands/island';
import { IslandProviders, type IslandServices } from './app/islands/island-providers';
import { readSsrState } from './app/ssr/ssr-state';
import { browserTimeZone, runStartUp } from './app/start-up/run-start-up';
import { startTrackingTools, TRACKING_LOADERS } from './app/start-up/tracking-loaders';
import { createUserContext } from './app/user-context/user-context';
import { fetchUserContext, saveTimeZoneOnServer } from './app/user-context/user-context-api';
import { createCartClient } from './features/cart/cart-provider';
import { FALLBACK_LOCALE } from './i18n/fallback-locale';
import { createConsentController } from './features/consent/consent-provider';
import {
  apiMetricSender,
  countReportedErrors,
  countUncaughtErrors,
  MetricsClient,
} from './features/metrics/metrics-client';
import { apiPriceFetcher, PricingClient } from './features/pricing/pricing-client';
import { recordPageView } from './features/tracking/page-view';
import { createTrackingServices } from './features/tracking/tracking-services';
import { createApiClient } from './platform/api';
import { reportError } from './platform/report-error';
import { IdScopeContext } from './ui/use-stable-id';
import { shareCspNonce } from './platform/csp-nonce';

/**
 * Ends the current task: the browser may paint and answer input before the next piece of
 * start-up work, so no piece holds the main thread for long (a long task delays a click).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** As the island's hydration commits (before any event can reach it), the text typed into it before goes to its state. */
function TypedTextReplay({ island }: { island: HTMLElement }) {
  useLayoutEffect(() => replayTypedText(island), [island]);
  return null;
}

async function startIslands(): Promise<void> {
  const state = readSsrState();
  if (!state?.islandMessages) throw new Error('This page was not rendered to be hydrated as islands.');
  // The modules' evaluation ends this task; making the intl object, the page's first use of
  // Intl (which loads the locale's data), takes the next one.
  await nextTask();

  const api = createApiClient();
  const context = state.userContext;
  const metrics = new MetricsClient(apiMetricSender(api));
  countUncaughtErrors(metrics);
  countReportedErrors(metrics);
  const consent = createConsentController(api, state.consent, state.consentAnswer);
  const tracking = createTrackingServices({ consent, visitorUuid: () => context?.visiting?.visitor_uuid });
  tracking.client.start();
  tracking.storage.startCleanup();
  const pricing = new PricingClient(apiPriceFetcher(api), {
    onError: (error) => reportError(error, { feature: 'pricing' }),
  });
  pricing.seed(state.prices);
  const cart = createCartClient(api, state.cart);
  const services: IslandServices = {
    api,
    userContext: createUserContext(context),
    intl: createIntl({
      locale: state.locale,
      defaultLocale: FALLBACK_LOCALE,
      messages: state.islandMessages,
    }),
    metrics,
    consent,
    tracking,
    pricing,
    cart,
  };

  await nextTask();
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const name = element.dataset.island;
    if (!isIslandName(name)) {
      reportError(new Error(`Unknown island "${String(name)}"`));
      continue;
    }
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    const hydrate = (Component: ComponentType<object>) => {
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole island.
      startTransition(() => {
        hydrateRoot(
          element,
          <IslandProviders services={services}>
            <IdScopeContext value={name}>
              <Component {...props} />
              <TypedTextReplay island={element} />
            </IdScopeContext>
          </IslandProviders>,
          { onRecoverableError: (error) => reportError(error, { step: 'hydration', island: name }) },
        );
      });
    };
    const load = () =>
      Promise.resolve(ISLAND_LOADERS[name]()).then(hydrate, (error: unknown) =>
        reportError(error, { step: 'island-load', island: name }),
      );
    hydrateIsland(element, load, element.dataset.hydrate === 'on-interaction' ? 'on-interaction' : 'on-load');
  }
  // What the visitor clicked or changed before this code ran, now that every island listens.
  replayHeldEvents(takeHeldEvents());
  // The islands hydrate in transitions, which yield; the start-up work waits its own turn.
  await nextTask();

  // Page start-up (platform §4), as the single-page app's StartUpGate runs it: the context
  // came with the page; the consent choice is read, then the page view recorded.
  void runStartUp({
    loadUserContext: () => (context ? Promise.resolve(context) : fetchUserContext(api)),
    saveTimeZone: (timeZone) => saveTimeZoneOnServer(api, timeZone).then(() => undefined),
    detectTimeZone: browserTimeZone,
    startTrackingTools: (context) => {
      void consent.sync(context);
      startTrackingTools({ context, consent, report: reportError, loaders: TRACKING_LOADERS });
    },
    mountPages: (context) => {
      cart.connect(context.me?.id ?? null);
      const recordOnceRead = () => {
        if (!consent.getSnapshot().ready) return false;
        recordPageView({
          pathname: window.location.pathname,
          replaced: false,
          tracker: tracking.tracker,
          metrics,
        });
        return true;
      };
      if (!recordOnceRead()) {
        const unsubscribe = consent.subscribe(() => {
          if (recordOnceRead()) unsubscribe();
        });
      }
    },
    reportError,
  }).catch((error: unknown) => reportError(error, { step: 'user-context' }));
}

shareCspNonce();
void startIslands().catch((error: unknown) => reportError(error, { step: 'islands' }));
