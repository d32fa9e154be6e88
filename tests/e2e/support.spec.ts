import { closePageThenStop, expect, test } from './fixtures';
import { startAppServer } from './server';
import { signUpOnboarded } from './support/onboarding';
import { startThirdPartyWidget } from './support/third-party-widget';

const SENT = 'Message sent successfully! We will get back to you as soon as possible.';

test.describe('support', () => {
  test('a user files a ticket; the super admin sees the badge, replies and resolves; the user sees both', async ({
    page,
    server,
    browser,
  }) => {
    const user = await signUpOnboarded(page, server, { name: 'Maya Okafor' });
    await page.goto('/profile?tab=support');
    await expect(page.getByText('No support tickets yet')).toBeVisible();
    await page.getByLabel('Subject (optional)').fill('Export is blank');
    await page.getByLabel('Message').fill('My PDF export shows nothing.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SENT)).toBeVisible();
    const ticket = page.getByRole('list', { name: 'Your support tickets' }).getByRole('listitem').first();
    await expect(ticket).toContainText('Export is blank');
    await expect(ticket).toContainText('Pending');
    const supportMail = await server.waitForMail('support@vidvisor.local', 'support-request');
    // The log line names the mail, never the ticket's words (its subject is checked in the outbox by the API tests).
    expect(supportMail).toEqual({
      to: 'support@vidvisor.local',
      kind: 'support-request',
      links: [],
      codes: [],
    });

    const bossContext = await browser.newContext({ baseURL: server.baseURL });
    const boss = await bossContext.newPage();
    await signUpOnboarded(boss, server, { superAdmin: true });
    await boss.goto('/admin');
    const row = boss.getByRole('listitem').filter({ hasText: user.email });
    await expect(row.getByLabel('1 pending support tickets')).toBeVisible();
    await row.getByRole('link', { name: `View ${user.email}` }).click();
    await expect(boss.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    await boss.getByRole('button', { name: /Support Tickets/ }).click();
    const dialog = boss.getByRole('dialog', { name: 'Support Tickets' });
    await expect(dialog.getByText('My PDF export shows nothing.')).toBeVisible();
    await dialog.getByLabel('Reply').fill('Fixed on our side: please export again.');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog.getByText('Fixed on our side: please export again.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(boss.getByText('Ticket resolved successfully')).toBeVisible();
    await expect(dialog.getByText('Resolved', { exact: true })).toBeVisible();
    await bossContext.close();

    const replyMail = await server.waitForMail(user.email, 'support-reply');
    expect(replyMail).toEqual({ to: user.email, kind: 'support-reply', links: [], codes: [] });

    await page.reload();
    await expect(ticket).toContainText('Resolved');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Latest replies' })).toContainText(
      'Fixed on our side: please export again.',
    );
    await page.keyboard.press('Escape');
    await ticket.getByText('Export is blank').click();
    await expect(ticket.getByText('Fixed on our side: please export again.')).toBeVisible();
    await ticket.getByLabel('Your answer').fill('Works now, thank you!');
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await expect(ticket.getByText('Works now, thank you!')).toBeVisible();
    await expect(ticket).toContainText('Pending'); // an answer reopens the ticket
  });

  test('the support widget writes to support; it is hidden under 640 px on the profile page', async ({
    page,
    server,
  }) => {
    await page.goto('/dashboard');
    // Signed out: sent to /auth once the session is known, and no widget.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Support', exact: true })).toHaveCount(0);

    await signUpOnboarded(page, server);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Support' });
    await panel.getByLabel('Message').fill('Can I change my plan later?');
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SENT)).toBeVisible();
    await panel.getByRole('link', { name: 'See all your tickets' }).click();
    await expect(page.getByRole('list', { name: 'Your support tickets' })).toContainText('General Inquiry');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: 'Support', exact: true })).toBeHidden();
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Support', exact: true })).toBeVisible();

    // The prerendered landing page gets the widget too once it knows the visitor is signed in.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Support' }).getByLabel('Message')).toBeVisible();
  });

  test('a configured third-party widget knows the user and is hidden under 640 px where the built-in one is', async ({
    page,
  }) => {
    const widget = await startThirdPartyWidget();
    const server = await startAppServer({ SUPPORT_WIDGET_SCRIPT_URL: widget.scriptUrl });
    try {
      const { email } = await signUpOnboarded(page, server);
      const launcher = page.getByRole('button', { name: 'Chat with us' });
      await page.goto(`${server.baseURL}/profile`);
      await expect(launcher).toBeVisible();
      await expect(launcher).toHaveAttribute('title', email);
      await expect(page.getByRole('button', { name: 'Support', exact: true })).toHaveCount(0);

      await page.setViewportSize({ width: 375, height: 800 });
      await expect(launcher).toBeHidden();
      await page.goto(`${server.baseURL}/dashboard`);
      await expect(launcher).toBeVisible();
      await page.goto(`${server.baseURL}/complete-profile`);
      await expect(launcher).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(launcher).toBeVisible();
    } finally {
      await closePageThenStop(page, server);
      await widget.close();
    }
  });

  test('the Support tab shows a page of tickets with a count and loads the rest', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    await page.goto('/profile?tab=support');
    await expect(page.getByText('No support tickets yet')).toBeVisible();
    const written = await page.evaluate(async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 23; i++) {
        const response = await fetch('/api/support/tickets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subject: `Question ${i}`, message: 'Still wondering.' }),
        });
        statuses.push(response.status);
      }
      return statuses;
    });
    expect(written.every((status) => status === 201)).toBe(true);
    await page.reload();
    const tickets = page.getByRole('list', { name: 'Your support tickets' }).getByRole('listitem');
    await expect(tickets).toHaveCount(20);
    await expect(tickets.first()).toContainText('Question 23');
    await expect(page.getByText('Showing 20 of 23 tickets')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(tickets).toHaveCount(23);
    await expect(tickets.last()).toContainText('Question 1');
    await expect(page.getByText('Showing 23 of 23 tickets')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('an affiliate enquiry is mailed to support', async ({ page, server }) => {
    await signUpOnboarded(page, server, { name: 'Sam Lee' });
    await page.goto('/profile?tab=affiliate');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a message')).toBeVisible();
    await page.getByLabel('Message').fill('I run a podcast for bakers.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SENT)).toBeVisible();
    const mail = await server.waitForMail('support@vidvisor.local', 'affiliate-request');
    expect(mail).toEqual({ to: 'support@vidvisor.local', kind: 'affiliate-request', links: [], codes: [] });
  });
});
