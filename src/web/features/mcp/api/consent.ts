import { useMutation, useQuery } from '@tanstack/react-query';
import { type AuthFailure, authClient, authFailureMessage } from '../../../lib/auth-client';

/** What the consent page shows of the assistant asking: the name it registered with. */
export async function fetchPublicClient(clientId: string) {
  const { data, error } = await authClient.$fetch<{ client_name?: string }>('/oauth2/public-client', {
    query: { client_id: clientId },
  });
  if (error) throw new Error(authFailureMessage(error as AuthFailure) ?? 'This assistant is unknown');
  return data;
}

export function usePublicClient(clientId: string | null) {
  return useQuery({
    queryKey: ['oauth-public-client', clientId],
    queryFn: () => fetchPublicClient(clientId!),
    enabled: clientId !== null,
  });
}

/** Allows (with the scopes kept) or denies; answers where the browser goes next: back to the assistant. */
export async function answerConsent(input: { accept: boolean; scope?: string; oauthQuery: string }) {
  const { data, error } = await authClient.$fetch<{ url: string }>('/oauth2/consent', {
    method: 'POST',
    body: { accept: input.accept, scope: input.scope, oauth_query: input.oauthQuery },
  });
  if (error || !data) throw new Error(authFailureMessage((error ?? {}) as AuthFailure) ?? 'Please try again');
  return data.url;
}

export function useAnswerConsent() {
  return useMutation({
    mutationFn: answerConsent,
    onSuccess: (url) => window.location.assign(url),
  });
}
