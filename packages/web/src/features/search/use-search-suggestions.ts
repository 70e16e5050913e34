import type { SearchSuggestion } from '@lectern/domain';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { fetchSearchSuggestions, SUGGESTIONS_MIN_LENGTH } from './search-api';

const KEPT_ANSWERS = 50;

/** The latest answers by query, oldest first (a Map keeps insertion order), for this page view. */
const answers = new Map<string, SearchSuggestion[]>();

function remember(q: string, suggestions: SearchSuggestion[]): void {
  answers.delete(q);
  answers.set(q, suggestions);
  for (const key of answers.keys()) {
    if (answers.size <= KEPT_ANSWERS) break;
    answers.delete(key);
  }
}

/**
 * The suggestions for `q` while `enabled`: the previous list stays while the next letters'
 * suggestions are on their way, a request that is overtaken is cancelled, and the answers
 * of this page view are reused (a deleted letter answers at once). Without the query cache,
 * since the header's search box may be hydrated as an island (app/islands).
 */
export function useSearchSuggestions(api: ApiClient, q: string, enabled: boolean): SearchSuggestion[] {
  const [latest, setLatest] = useState<SearchSuggestion[]>([]);
  const wanted = enabled && q.length >= SUGGESTIONS_MIN_LENGTH;
  const known = wanted ? answers.get(q) : undefined;

  useEffect(() => {
    if (!wanted || answers.has(q)) return;
    const controller = new AbortController();
    fetchSearchSuggestions(api, q, controller.signal).then(
      (answer) => {
        remember(q, answer);
        setLatest(answer);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) reportError(error, { feature: 'search-suggestions' });
      },
    );
    return () => controller.abort();
  }, [api, q, wanted]);

  return known ?? latest;
}
