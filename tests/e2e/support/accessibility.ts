import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, colorScheme: 'light' },
  { name: 'phone', width: 375, height: 812, colorScheme: 'light' },
  { name: 'phone, dark', width: 375, height: 812, colorScheme: 'dark' },
] as const;

/** Runs axe-core (WCAG 2.1 A/AA rules) on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
  return results.violations.length;
}
