import type { Page } from '@playwright/test';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { closePageThenStop, expect, test } from './fixtures';
import { startAppServer } from './server';
import { createSampleChat } from './support/consult';
import { chooseFreePlanViaApi, nextWizardStep } from './support/onboarding';
import { signUpViaApi } from './support/users';

const SPANISH_RULE = 'Write your whole answer in Spanish (Español), whatever the language of the video';

async function fillWizard(page: Page, steps: Record<string, string>[]) {
  for (const [index, fields] of steps.entries()) {
    for (const [label, value] of Object.entries(fields)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    if (index < steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
}

const WIZARD: Record<string, string>[] = [
  { 'First Name': 'Lucía', 'Last Name': 'Gómez' },
  {
    'Business Name': 'Panadería Sol',
    Industry: 'Food and beverage',
    'Products/Services': 'Sourdough bread',
    'Elevator Pitch': 'Fresh bread for busy families',
  },
  {
    'Target Demographics': 'Families in the city',
    'Target Psychographics': 'Love local food',
    'Problems Addressed': 'Stale supermarket bread',
    'Unique Selling Proposition': 'Delivered before breakfast',
  },
  {
    'Short-term Goals (6-12 months)': '300 subscribers',
    'Long-term Goals (1-5 years)': 'A second kitchen',
    'Current Challenges': 'Churn after the first month',
  },
];

test.describe("'Answer in'", () => {
  // A browser set to Spanish: the wizard proposes it.
  test.use({ locale: 'es-ES' });

  test('the wizard proposes the browser language; answers are asked in it, and in another once /profile changes it', async ({
    page,
  }) => {
    const stub = await startOpenAiStub({
      defaultReply: { chunks: ['Prueba ', 'el ', 'nivel ', 'premium ', '[01:20].'] },
    });
    const server = await startAppServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: stub.baseURL });
    try {
      await signUpViaApi(page, server);
      await page.goto(`${server.baseURL}/complete-profile`);
      const wizard = page.getByRole('dialog', { name: 'Complete Your Profile' });
      await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
      await fillWizard(page, WIZARD);
      const answerIn = wizard.getByLabel('Answer in');
      await expect(answerIn).toHaveValue('es');
      await expect(answerIn.locator('option:checked')).toHaveText('Spanish (Español)');
      await wizard.getByRole('button', { name: 'Complete Profile' }).click();
      await expect(page).toHaveURL(/\/onboarding$/);
      await chooseFreePlanViaApi(page, server);

      const chatId = await createSampleChat(page, server);
      await page.goto(`${server.baseURL}/chat/${chatId}`);
      const answers = page.getByRole('article', { name: 'Assistant message' });
      await expect(answers.first()).toContainText('Prueba el nivel premium [01:20].');
      await expect(answers.first()).toContainText(/Tokens: \d+/);
      const replies = () =>
        stub.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.stream);
      expect(replies()).toHaveLength(1);
      expect(replies()[0]!.body.messages[0].content).toContain(SPANISH_RULE);

      // Later, in /profile: the saved language is shown (not the browser's), and changed to German.
      await page.goto(`${server.baseURL}/profile`);
      await page.getByRole('tab', { name: 'Profile' }).click();
      for (let step = 2; step <= 4; step++) await nextWizardStep(page, step);
      // The wizard's own "Answer in" (Settings above it has one too).
      const wizardAnswerIn = page
        .locator('form')
        .filter({ has: page.getByRole('button', { name: 'Update Profile' }) })
        .getByLabel('Answer in');
      await expect(wizardAnswerIn).toHaveValue('es');
      await wizardAnswerIn.selectOption({ label: 'German (Deutsch)' });
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();

      await page.goto(`${server.baseURL}/chat/${chatId}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('¿Y los precios?');
      await box.press('Enter');
      await expect(answers.nth(1)).toContainText(/Tokens: \d+/);
      expect(replies()).toHaveLength(2);
      expect(replies()[1]!.body.messages[0].content).toContain(
        'Write your whole answer in German (Deutsch), whatever the language of the video',
      );
    } finally {
      await closePageThenStop(page, server);
      await stub.close();
    }
  });

  test('offline, an answer in Spanish opens by saying it quotes the video as it is', async ({
    page,
    server,
  }) => {
    await signUpViaApi(page, server);
    await page.goto('/complete-profile');
    await fillWizard(page, WIZARD);
    await expect(page.getByLabel('Answer in')).toHaveValue('es');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await chooseFreePlanViaApi(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`/chat/${chatId}`);
    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await expect(answer).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(answer).toContainText(
      'El modelo sin conexión cita el vídeo tal como es: no puede traducirlo.',
    );
    // The video is quoted as it is, its moments cited as before.
    await expect(answer).toContainText('[01:20] "Pricing matters too: test a premium tier');
  });
});
