import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { createChatThroughConsult, SAMPLE_TRANSCRIPT } from './support/consult';
import { signUpOnboarded } from './support/onboarding';
import { addPlanItemViaApi } from './support/plan';

const FACT = 'We lost two clients after raising prices.';
const EDITED_FACT = 'We lost two wholesale clients after raising prices by 10%.';
const STEP = 'Test a premium delivery tier';
const OUTCOME = `Plan step "${STEP}" (done): it didn't work. Nobody paid for early delivery.`;
const REMEMBERED_PART = 'From what you told me before';

test.describe('What Vidvisor knows', () => {
  test('remember a fact from a follow-up, edit it, record how a step went, see both cited in a new answer, pause memory', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    await createChatThroughConsult(page, SAMPLE_TRANSCRIPT);
    const answers = page.getByRole('article', { name: 'Assistant message' });
    // The footer appears when the first answer is stored: the follow-up is sent after it.
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });

    // A fact stated in a follow-up is remembered on the job queue, after the answer: the line appears
    // under the answer once the server's own job worker has read the turn.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(`${FACT} What should I try next?`);
    await box.press('Enter');
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(1)).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(page.getByText(`Remembered: ${FACT}`)).toBeVisible({ timeout: 90_000 });

    // What Vidvisor knows, from the account menu: the fact, its source, edited.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'What Vidvisor knows' }).click();
    await expect(page).toHaveURL(/\/memory$/);
    await expect(page.getByRole('heading', { name: 'What Vidvisor knows' })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Facts' }).getByRole('listitem');
    await expect(facts).toHaveCount(1);
    await expect(facts.first()).toContainText(FACT);
    await expectNoSeriousViolations(page, '/memory');
    await page.getByRole('button', { name: 'Edit M1' }).click();
    await page.getByLabel('What Vidvisor knows').fill(EDITED_FACT);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(facts.first()).toContainText(EDITED_FACT);
    await page.reload();
    await expect(facts.first()).toContainText(EDITED_FACT);

    // A step marked done asks how it went: "didn't work" becomes an outcome memory.
    await addPlanItemViaApi(page, server, { title: STEP });
    await page.goto('/plan');
    await page.getByLabel(`Status of ${STEP}`).selectOption('Done');
    const howDidItGo = page.getByRole('dialog', { name: 'How did it go?' });
    await howDidItGo.getByRole('radio', { name: "It didn't work" }).check();
    await howDidItGo.getByLabel('Note (optional)').fill('Nobody paid for early delivery.');
    await howDidItGo.getByRole('button', { name: 'Save' }).click();
    await expect(howDidItGo).toBeHidden();
    await page.goto('/memory');
    await expect(page.getByRole('region', { name: 'Outcomes' }).getByRole('listitem')).toContainText([
      OUTCOME,
    ]);

    // A new consultation's answer quotes both, each [M#] a chip that shows the memory on hover and focus.
    await createChatThroughConsult(page, SAMPLE_TRANSCRIPT);
    const cited = page.getByRole('article', { name: 'Assistant message' }).first();
    await expect(cited).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(cited).toContainText(REMEMBERED_PART);
    const factChip = cited.getByRole('button', { name: 'M1', exact: true });
    const outcomeChip = cited.getByRole('button', { name: 'M2', exact: true });
    // Outcomes of the plan come before facts; each memory shows only on hover or focus.
    await expect(cited.getByRole('button', { name: /^M\d+$/ })).toHaveText(['M2', 'M1']);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await factChip.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: EDITED_FACT })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await outcomeChip.focus();
    await expect(page.getByRole('tooltip').filter({ hasText: OUTCOME })).toBeVisible();

    // Paused, memory is neither used nor added to: the next answer cites none.
    await page.goto('/memory');
    await page.getByRole('switch', { name: 'Pause memory' }).click();
    await expect(page.getByRole('switch', { name: 'Pause memory' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Pause memory' })).toBeChecked();
    await createChatThroughConsult(page, SAMPLE_TRANSCRIPT);
    const uncited = page.getByRole('article', { name: 'Assistant message' }).first();
    await expect(uncited).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(uncited).not.toContainText(REMEMBERED_PART);
    await expect(uncited.getByRole('button', { name: /^M\d+$/ })).toHaveCount(0);
    await expect(uncited).not.toContainText(/\[M\d+\]/);

    // Deleting a memory asks first: Cancel keeps it, Delete removes it.
    await page.goto('/memory');
    await page.getByRole('button', { name: 'Delete M1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this memory?' });
    await expect(confirm).toContainText(EDITED_FACT);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(facts).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete M1' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Memory deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(facts).toHaveCount(0);
  });
});
