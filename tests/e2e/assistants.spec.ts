import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { signUpOnboarded } from './support/onboarding';

const CALLBACK = 'http://127.0.0.1:43117/oauth/callback';

/** The call an assistant makes to /mcp with its token: the tools it may use. */
const listTools = (baseURL: string, token: string) =>
  fetch(`${baseURL}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

/** An assistant registers itself and builds the address that sends the user's browser to authorize, with PKCE. */
async function assistantAsks(baseURL: string) {
  const registered = await fetch(`${baseURL}/api/auth/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Journey Assistant',
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: 'none',
      scope: 'read write',
    }),
  });
  expect(registered.status).toBe(201);
  const { client_id: clientId } = await registered.json();
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${baseURL}/api/auth/oauth2/authorize`);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: 'read write',
    state: 'journey-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${baseURL}/mcp`,
  })) {
    authorize.searchParams.set(key, value);
  }
  return { clientId: clientId as string, verifier, authorize };
}

test('An assistant asks a signed-out user to connect: the user signs in, allows reading and writing on the consent page, sees it under Connected assistants, and disconnects it', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const account = await signUpOnboarded(page, server);
  // Signed out in this browser when the assistant asks: sign-in comes first, then the consent page.
  await page.context().clearCookies();
  const { clientId, verifier, authorize } = await assistantAsks(server.baseURL);
  let callback: URL | undefined;
  await page.route(`${CALLBACK}**`, (route) => {
    callback = new URL(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>Assistant</title><p>Connected.</p>' });
  });

  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/auth\?.*client_id=/);
  // A detour to the one-time code and back keeps the assistant's request.
  await page.getByRole('button', { name: 'Sign in with a one-time code' }).click();
  await page.getByRole('button', { name: 'Sign in with a password' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connect Journey Assistant to Vidvisor?' })).toBeVisible();
  await expectNoSeriousViolations(page, '/oauth/consent');
  await page.getByRole('checkbox', { name: /Also allow it to change the status/ }).check();
  await page.getByRole('button', { name: 'Allow' }).click();
  // The browser goes back to the assistant with the code.
  await expect.poll(() => callback?.searchParams.get('state')).toBe('journey-state');

  const tokenResponse = await fetch(`${server.baseURL}/api/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback!.searchParams.get('code')!,
      client_id: clientId,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      resource: `${server.baseURL}/mcp`,
    }),
  });
  expect(tokenResponse.status).toBe(200);
  const { access_token: token, scope } = await tokenResponse.json();
  expect(scope.split(' ').sort()).toEqual(['read', 'write']);
  expect((await listTools(server.baseURL, token)).status).toBe(200);

  await page.goto('/profile');
  const card = page.getByRole('list', { name: 'Connected assistants' });
  await expect(card.getByRole('paragraph').filter({ hasText: 'Journey Assistant' })).toBeVisible();
  await expect(card.getByText('Change the status of your plan’s steps and add steps')).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect Journey Assistant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('No assistant is connected.')).toBeVisible();
  expect((await listTools(server.baseURL, token)).status).toBe(401);
});

test('An assistant’s request survives a sign-in by magic link: the mailed link leads to the consent page', async ({
  page,
  server,
}) => {
  const account = await signUpOnboarded(page, server);
  await page.context().clearCookies();
  const { authorize } = await assistantAsks(server.baseURL);
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/auth\?.*client_id=/);
  await page.getByRole('button', { name: 'Email me a magic link' }).click();
  await page.getByLabel('Email').fill(account.email);
  const before = server.mails.length;
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText(/Check your email for the magic link/)).toBeVisible();
  const mail = await server.waitForMail(account.email, 'magic-link', { after: before });
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('heading', { name: 'Connect Journey Assistant to Vidvisor?' })).toBeVisible();
});
