import type { Page } from '@playwright/test';
import type { AppServer } from '../server';

export const E2E_PASSWORD = 'sourdough-42';

/**
 * Creates a confirmed account through the API (no form filling) and leaves `page` signed in as it:
 * signs up, then opens the e-mailed confirmation link in the page. For journeys whose subject is not
 * sign-up itself (accounts.spec.ts walks that through the UI).
 */
export async function signUpViaApi(
  page: Page,
  server: AppServer,
  options: { email?: string; name?: string; superAdmin?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? (options.superAdmin ? server.takeSuperAdminEmail() : uniqueE2eEmail());
  const response = await page.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email, password: E2E_PASSWORD, name: options.name ?? '' },
    headers: { origin: server.baseURL },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const mail = await server.waitForMail(email, 'verification');
  await page.goto(mail.links[0]!);
  return { email, password: E2E_PASSWORD };
}

let counter = 0;
export function uniqueE2eEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
