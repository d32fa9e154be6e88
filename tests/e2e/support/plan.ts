import { expect, type Page } from '@playwright/test';
import type { AppServer } from '../server';

/** Adds an item by hand to the plan of the user signed in on `page`; the stored item. */
export async function addPlanItemViaApi(
  page: Page,
  server: AppServer,
  item: { title: string; why?: string; dueDate?: string | null },
) {
  const response = await page.request.post(`${server.baseURL}/api/plan/items`, {
    data: { items: [item] },
    headers: { origin: server.baseURL },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).items[0];
}
