import { expect, type Page } from '@playwright/test';
import type { AppServer } from '../server';
import { signUpViaApi } from './users';

/** A complete business profile, as the wizard would save it. */
export const E2E_PROFILE = {
  firstName: 'Maya',
  lastName: 'Okafor',
  businessName: 'Brightside Bakery',
  industry: 'Food and beverage',
  productsServices: 'Sourdough bread and a weekly subscription box',
  elevatorPitch: 'Fresh sourdough delivered to busy families every week.',
  targetMarket: { demographics: 'Families aged 30-50', psychographics: 'Value fresh local food' },
  problemsAddressed: 'Supermarket bread is stale',
  usp: 'Baked overnight, delivered before breakfast',
  businessGoals: { shortTerm: 'Reach 300 subscribers', longTerm: 'Open a second kitchen' },
  currentChallenges: 'High acquisition costs',
  additionalDetails: '',
};

async function apiCall(page: Page, server: AppServer, method: 'PUT' | 'POST', path: string, data: unknown) {
  const response = await page.request.fetch(`${server.baseURL}${path}`, {
    method,
    data,
    headers: { origin: server.baseURL },
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
}

/**
 * A signed-in account past the onboarding gates, set up through the API (the profile wizard and plan
 * choice are other issues' journeys): super admins need only the profile, users also choose Free.
 */
export async function signUpOnboarded(
  page: Page,
  server: AppServer,
  options: { superAdmin?: boolean; name?: string } = {},
) {
  const account = await signUpViaApi(page, server, options);
  await apiCall(page, server, 'PUT', '/api/profile', E2E_PROFILE);
  if (!options.superAdmin) await apiCall(page, server, 'POST', '/api/billing/free-plan', { planId: 'free' });
  return account;
}

/**
 * Creates a chat the way a user does: /consult, 'Manual Transcript', 'Analyze', then the chat opens.
 * Needs the consultation issue's screen and API.
 */
export async function createChatThroughConsult(page: Page, transcript: string): Promise<string> {
  await page.goto('/consult');
  await page.getByText('Manual Transcript').click();
  await page.getByPlaceholder('Paste your transcript here...').fill(transcript);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** Whether this build has the consultation screen (merged from the consultation issue). */
export async function consultationAvailable(page: Page): Promise<boolean> {
  await page.goto('/consult');
  return page
    .getByText('Manual Transcript')
    .first()
    .isVisible({ timeout: 5_000 })
    .catch(() => false);
}
