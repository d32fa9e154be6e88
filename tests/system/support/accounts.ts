import { SAMPLE_PROFILE } from '../../../src/server/testing/fixtures';
import type { browserAt } from './cluster';

type Browser = ReturnType<typeof browserAt>;

/**
 * A confirmed, onboarded account made over HTTP, as a person would: sign up, follow the e-mailed link,
 * save the profile, choose Free.
 */
export async function onboardedAccount(
  browser: Browser,
  waitForMail: (to: string, kind: string) => Promise<{ links: string[] }>,
  email = `user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
) {
  const signUp = await browser('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: 'system-test-1', name: '' },
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
  const link = new URL((await waitForMail(email, 'verification')).links[0]!);
  await browser(`${link.pathname}${link.search}`);
  for (const [path, method, json] of [
    ['/api/profile', 'PUT', SAMPLE_PROFILE],
    ['/api/billing/free-plan', 'POST', { planId: 'free' }],
  ] as const) {
    const response = await browser(path, { method, json });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
  const me = await (await browser('/api/me')).json();
  return { email, id: me.id as string };
}
