import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getSuggestionsQueryOptions, type SuggestionsPage } from './get-suggestions';
import { SUGGESTIONS_KEY } from './keys';

export async function saveKeywords(keywords: string[]) {
  return unwrap(await api.suggestions.keywords.$put({ json: { keywords } }));
}

/**
 * Saves the keyword chips, then refreshes what depends on them (matches, trending, search). Each save
 * sends the whole list, so saves run one after another, in the order they were made.
 */
export function useSaveKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKeywords,
    scope: { id: 'suggestion-keywords' },
    onSuccess: (saved) => {
      queryClient.setQueryData(getSuggestionsQueryOptions().queryKey, (page: SuggestionsPage | undefined) =>
        page ? { ...page, ...saved } : page,
      );
      return queryClient.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
    },
  });
}
