import { expect, type Locator, type Page } from '@playwright/test';
import { SAMPLE_PROFILE } from '../../../src/server/testing/fixtures';
import type { AppServer } from '../server';
import { signUpViaApi } from './users';

async function callApi(page: Page, server: AppServer, method: 'PUT' | 'POST', path: string, data: unknown) {
  const response = await page.request.fetch(`${server.baseURL}${path}`, {
    method,
    data,
    headers: { origin: server.baseURL },
  });
  if (!response.ok())
    throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Saves the business profile for the user signed in on `page` (passes the profile gate). */
export function completeProfileViaApi(page: Page, server: AppServer, profile = SAMPLE_PROFILE) {
  return callApi(page, server, 'PUT', '/api/profile', profile);
}

/** Chooses a free plan for the user signed in on `page` (passes the plan gate). */
export function chooseFreePlanViaApi(page: Page, server: AppServer, planId: 'free' | 'free_annual' = 'free') {
  return callApi(page, server, 'POST', '/api/billing/free-plan', { planId });
}

/**
 * Pauses business memory for the user signed in on `page`. With an AI key, remembering a turn is a
 * provider call of its own (a job after each answer, decision 064): journeys that queue the stub's
 * replies for answers and follow-ups pause it, so the job can never take a reply meant for them.
 */
export function pauseMemoryViaApi(page: Page, server: AppServer) {
  return callApi(page, server, 'PUT', '/api/memory/pause', { paused: true });
}

/**
 * A signed-in account past the onboarding gates, set up through the API as the wizard and the plan page
 * would: the profile (staff pass the gates without one, but their journeys' chats read it); users also
 * choose Free.
 */
export async function signUpOnboarded(
  page: Page,
  server: AppServer,
  options: { superAdmin?: boolean; name?: string } = {},
) {
  const account = await signUpViaApi(page, server, options);
  await completeProfileViaApi(page, server);
  if (!options.superAdmin) await chooseFreePlanViaApi(page, server);
  return account;
}

/**
 * Presses the profile wizard's Next and waits for step `to` of 4: a step renders in a transition, and a
 * click that lands before it would act on the step before.
 */
export async function nextWizardStep(scope: Page | Locator, to: number) {
  await scope.getByRole('button', { name: 'Next' }).click();
  await expect(scope.getByText(`Step ${to} of 4`)).toBeVisible();
}
