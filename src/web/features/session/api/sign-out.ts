/**
 * A plain POST to Better Auth's sign-out endpoint: the header uses it on every page (the landing page
 * too), so neither the auth client nor the query cache is needed to load it.
 */
export async function signOut(): Promise<void> {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`Sign-out failed (${response.status})`);
}
