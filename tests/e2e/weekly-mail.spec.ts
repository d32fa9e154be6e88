import type { Page } from '@playwright/test';
import { startSmtpServer } from '../../src/server/testing/smtp-server';
import { isoDay, weeklyMailMoment, weekOf } from '../../src/shared/suggestions';
import { closePageThenStop, expect, test } from './fixtures';
import { type AppServer, startAppServer } from './server';
import { completeProfileViaApi } from './support/onboarding';
import { addPlanItemViaApi } from './support/plan';
import { E2E_PASSWORD } from './support/users';

/** A signed-in API call from the page's session, as the browser would make it. */
async function send(
  page: Page,
  server: AppServer,
  method: 'PUT' | 'POST' | 'PATCH',
  path: string,
  data: unknown,
) {
  const response = await page.request.fetch(`${server.baseURL}${path}`, {
    method,
    data,
    headers: { origin: server.baseURL },
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
}

async function read<T>(page: Page, server: AppServer, path: string): Promise<T> {
  return (await page.request.get(`${server.baseURL}${path}`)).json();
}

test.describe('the combined weekly mail’s unsubscribe', () => {
  test('one click stops the whole mail; the page it opens lets the user keep the check-in', async ({
    page,
  }) => {
    const smtp = await startSmtpServer();
    // The weekly job fires every minute here; each user's mail is due once their Monday 08:00 has come.
    const server = await startAppServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WEEKLY_EMAIL_SCHEDULE: '* * * * *',
      JOB_QUEUE_CHECK_SECONDS: '1',
    });
    try {
      // A super admin (who may publish the week's picks) who turned both parts of the weekly mail on. Mail
      // goes to the loopback SMTP server here, so the confirmation link is read there.
      const email = server.takeSuperAdminEmail();
      await send(page, server, 'POST', '/api/auth/sign-up/email', {
        email,
        password: E2E_PASSWORD,
        name: '',
      });
      const confirmation = await smtp.mailTo(email, '/api/auth/verify-email');
      await page.goto(/(http\S+\/api\/auth\/verify-email\S+)/.exec(confirmation.text)![1]!);
      await completeProfileViaApi(page, server);
      const now = new Date();
      const timeZone = weeklyMailMoment(now, 'UTC').due ? 'UTC' : 'Asia/Tokyo';
      await send(page, server, 'PATCH', '/api/account/settings', { timeZone });
      await send(page, server, 'POST', '/api/admin/suggestions', {
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        week: weekOf(now),
        title: 'Pricing a premium tier',
        note: 'The clearest take',
      });
      await addPlanItemViaApi(page, server, { title: 'Call ten regulars', dueDate: isoDay(now) });
      await send(page, server, 'PUT', '/api/plan/check-in', { enabled: true });
      await send(page, server, 'PUT', '/api/suggestions/email', { weeklyEmail: true });

      const mail = await smtp.mailTo(email, 'Pricing a premium tier');
      expect(mail.text).toContain('Call ten regulars');
      expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.headers).toMatch(
        /List-Unsubscribe: <\S+\/api\/suggestions\/weekly-mail\/unsubscribe\?token=/,
      );
      const link = /Unsubscribe from the weekly e-mail: (\S+)/.exec(mail.text)![1]!;

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await expect(page.getByText('neither the video picks nor the plan check-in')).toBeVisible();
      await page.getByRole('button', { name: 'Keep the plan check-in' }).click();
      await expect(page.getByText('You will keep getting the weekly plan check-in.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Keep the weekly video picks' })).toBeVisible();
      expect(await read(page, server, '/api/plan/check-in')).toEqual({ enabled: true });
      expect(await read(page, server, '/api/suggestions/email')).toEqual({ weeklyEmail: false });
    } finally {
      await closePageThenStop(page, server);
      await smtp.close();
    }
  });
});

test.describe('the check-in mail’s “How did it go?” page', () => {
  test.use({ allowConsoleErrors: [/\/api\/plan\/check-in\/outcome\?token=/] });

  test('opens without sign-in and refuses a link that is not valid, pointing to My Plan', async ({
    page,
  }) => {
    await page.goto('/plan/outcome?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'How did it go?' })).toBeVisible();
    await expect(
      page.getByText('This link is not valid. Open My Plan to say how the step went.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My Plan' })).toHaveAttribute('href', '/plan');
  });
});
