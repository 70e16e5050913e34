import {
  COURSE_CARD_PREFETCH_FEATURE,
  DELAY_QUICK_VIEW_FEATURE,
  featureExposure,
  isFeatureEnabled,
  quickViewDelayMs,
  type FeatureVariantAssignment,
} from '@lectern/domain';
import type { ReactElement } from 'react';
import type { ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import type { TrackerApi } from '../tracking/use-tracker';
import { watchCardIntent } from './card-intent';
import { browserConnection, mayPrefetch, prefetchDocument } from './document-prefetch';
import type { InitialIntent } from './first-intent';
import { QuickViewBox } from './quick-view-box';
import { fetchQuickViewCourse } from './quick-view-course';
import classes from './quick-view.module.css';
import { reportExposureOnce } from './report-exposure';

/** Platform §9's course card prefetch: a pointer or focus that stays this long is intent. */
export const PREFETCH_DWELL_MS = 100;

/** Devices whose pointer hovers: the quick view box is hover content, never shown on touch screens. */
const HOVER_POINTER = '(hover: hover) and (pointer: fine)';

export interface CardBehaviourContext {
  api: ApiClient;
  tracker: TrackerApi;
  assignments: readonly FeatureVariantAssignment[] | undefined;
  courseId: number;
  /** The course page the card links to. */
  url: string;
  /** Whether the card has a quick view box (not for a course the user owns). */
  quickView: boolean;
  /** Whether following the card's link loads its page as a document (see CourseCardIntentProps). */
  loadsDocument: boolean;
  /** Draw the box (once its course has loaded) into `layer`, beside the card. */
  onOpen: (layer: HTMLElement) => void;
  onClose: () => void;
  /** The box to draw: given once, when the course's details have come. */
  onContent: (box: ReactElement) => void;
}

/**
 * What a course card does once the visitor has come to it (loaded then, by first-intent.ts):
 * it prefetches its course page when the visitor dwells on it (`course_card_prefetch`), and
 * opens its quick view box on hover or keyboard focus after the delay of
 * `delay_course_card_quick_view_box`, reporting each feature's exposure where its arms part.
 * Returns a function that stops it.
 */
export function startCardBehaviour(
  card: HTMLElement,
  initial: InitialIntent,
  context: CardBehaviourContext,
): () => void {
  const { api, tracker, assignments, courseId } = context;
  let loading: Promise<void> | null = null;
  return watchCardIntent(card, {
    initial,
    layerClassName: classes.layer ?? '',
    dwellMs: PREFETCH_DWELL_MS,
    openAfterMs: context.quickView ? quickViewDelayMs(assignments) : null,
    canHover: () => window.matchMedia(HOVER_POINTER).matches,
    onDwell: () => {
      // Only where a prefetch could happen do the arms differ: that is the exposure.
      if (!context.loadsDocument || !mayPrefetch(browserConnection())) return;
      reportExposureOnce(tracker, featureExposure(assignments, COURSE_CARD_PREFETCH_FEATURE));
      if (isFeatureEnabled(assignments, COURSE_CARD_PREFETCH_FEATURE)) prefetchDocument(context.url);
    },
    onApproach: () => {
      // The box's delay starts here, in either arm.
      reportExposureOnce(tracker, featureExposure(assignments, DELAY_QUICK_VIEW_FEATURE));
      loading ??= fetchQuickViewCourse(api, courseId).then(
        (course) => context.onContent(<QuickViewBox course={course} />),
        (error: unknown) => {
          // The next visit to the card asks again; until then it is a plain link.
          loading = null;
          reportError(error, { feature: 'course-quick-view', courseId });
        },
      );
    },
    onOpen: context.onOpen,
    onClose: context.onClose,
  });
}
