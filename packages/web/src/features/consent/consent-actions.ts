import type { ConsentCategory, ConsentTrigger } from '@lectern/domain';
import { useMemo } from 'react';
import { useTracker } from '../tracking/use-tracker';
import type { ConsentChange } from './consent-controller';
import { useConsentController } from './consent-provider';

export interface ConsentActions {
  /**
   * Records a choice (cookie, withdrawn storage deleted, saved for a signed-in user) and
   * publishes the ConsentChanged event with the sorted allowed categories and its trigger.
   * `trigger` is one of platform §4's; a banner rejection has none of its own and is sent
   * without one (its categories, C0001 alone, tell what it was).
   */
  choose(categories: Iterable<ConsentCategory>, trigger: ConsentTrigger | null): ConsentChange;
  /** Publishes the current categories for a trigger that changes nothing by itself (the footer link). */
  record(trigger: ConsentTrigger): void;
}

export function useConsentActions(): ConsentActions {
  const consent = useConsentController();
  const { track } = useTracker();
  return useMemo(
    () => ({
      choose(categories, trigger) {
        const change = consent.choose(categories);
        // After the change, so the event already follows the new choice (session storage).
        track('ConsentChanged', { allowedCategories: change.after, ...(trigger ? { trigger } : {}) });
        return change;
      },
      record(trigger) {
        track('ConsentChanged', { allowedCategories: [...consent.allowed()], trigger });
      },
    }),
    [consent, track],
  );
}
