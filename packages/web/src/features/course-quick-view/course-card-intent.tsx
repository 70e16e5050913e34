import type { FeatureExposure } from '@lectern/domain';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { useTracker } from '../tracking/use-tracker';
import { whenFirstIntent } from './first-intent';
import { reportExposureOnce } from './report-exposure';

export interface CourseCardIntentProps {
  courseId: number;
  /** The course page the card links to. */
  url: string;
  /** Whether the card has a quick view box (not for a course the user owns). */
  quickView: boolean;
  /**
   * Whether following the card's link loads its page as a document (a page hydrated as islands,
   * or a new tab), the only case a prefetched document helps; the single-page app's own
   * navigation reads the API instead.
   */
  loadsDocument: boolean;
  /**
   * The exposure to `course_cards_open_in_new_tab` the card's link was rendered under (the
   * domain's `featureExposure`), null outside its experiments: the page reports it once, the
   * card being on the page being the flag in use.
   */
  newTabExposure: FeatureExposure | null;
}

/**
 * What a course card does in the browser (island-safe: each card of an islands page hydrates
 * one from JSON props). It renders an empty element inside the card and watches the card from
 * it; the visitor's first sign of intent loads the rest (card-behaviour.tsx: the prefetch and
 * the quick view box), so until then a page carries only this. The box is drawn into a layer
 * right after the card (card-intent.ts), through a portal.
 */
export function CourseCardIntent({
  courseId,
  url,
  quickView,
  loadsDocument,
  newTabExposure,
}: CourseCardIntentProps) {
  const marker = useRef<HTMLSpanElement>(null);
  const api = useApiClient();
  const tracker = useTracker();
  const { experiment } = useUserContext();
  const assignments = experiment?.assignments;
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  const [box, setBox] = useState<ReactElement | null>(null);

  useEffect(() => {
    reportExposureOnce(tracker, newTabExposure);
  }, [tracker, newTabExposure]);

  useEffect(() => {
    const card = marker.current?.closest<HTMLElement>('article');
    // A card with no box whose page would not be used from a prefetch (one the user owns, in the
    // app) has nothing to do on hover.
    if (!card || !(quickView || loadsDocument)) return;
    return whenFirstIntent(card, (initial) =>
      import('./card-behaviour').then(
        ({ startCardBehaviour }) =>
          startCardBehaviour(card, initial, {
            api,
            tracker,
            assignments,
            courseId,
            url,
            quickView,
            loadsDocument,
            onOpen: setLayer,
            onClose: () => setLayer(null),
            onContent: setBox,
          }),
        (error: unknown) => {
          reportError(error, { feature: 'course-quick-view', step: 'load' });
          throw error;
        },
      ),
    );
  }, [api, tracker, assignments, courseId, url, quickView, loadsDocument]);

  return (
    <span ref={marker} hidden>
      {layer && box && createPortal(box, layer)}
    </span>
  );
}
