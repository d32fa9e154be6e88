import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_IN_TEXT_MESSAGE } from '../../../shared/schemas/common';
import { supportTickets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'Help@Vidvisor.test' });
});
afterAll(() => t.close());

describe('support tickets', () => {
  it('stores a ticket with the default subject and mails support with the name, e-mail and message', async () => {
    const user = await t.createUser({ name: 'Maya Okafor' });
    const { ticket } = await user.client.json(
      '/api/support/tickets',
      { method: 'POST', json: { message: 'My export is empty' } },
      201,
    );
    expect(ticket).toMatchObject({
      subject: 'General Inquiry',
      message: 'My export is empty',
      resolved: false,
    });

    const [mail] = await t.mailsTo('help@vidvisor.test');
    expect(mail).toMatchObject({ subject: 'Support Request Maya Okafor', kind: 'support-request' });
    expect(mail!.text).toContain('Maya Okafor');
    expect(mail!.text).toContain(user.email);
    expect(mail!.text).toContain('My export is empty');
  });

  it('lists only the user’s own tickets, newest first, with their threads', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await other.client.post('/api/support/tickets', { message: 'Not yours' });
    await user.client.post('/api/support/tickets', { subject: 'Billing', message: 'First' });
    await user.client.post('/api/support/tickets', { subject: '  ', message: 'Second' });
    const { tickets } = await user.client.json('/api/support/tickets');
    expect(tickets.map((ticket: { message: string }) => ticket.message)).toEqual(['Second', 'First']);
    expect(tickets[0]).toMatchObject({ subject: 'General Inquiry', replies: [] });
    expect(tickets[1]).toMatchObject({ subject: 'Billing' });
  });

  it('the user answers in the thread of their own ticket only; an answer reopens a resolved ticket', async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    const { ticket } = await user.client.json(
      '/api/support/tickets',
      { method: 'POST', json: { message: 'Hello' } },
      201,
    );
    await t.db.update(supportTickets).set({ resolved: true }).where(eq(supportTickets.id, ticket.id));

    const foreign = await stranger.client.post(`/api/support/tickets/${ticket.id}/replies`, {
      message: 'Hi',
    });
    expect(foreign.status).toBe(404);

    await user.client.json(
      `/api/support/tickets/${ticket.id}/replies`,
      { method: 'POST', json: { message: 'One more thing' } },
      201,
    );
    const { tickets } = await user.client.json('/api/support/tickets');
    expect(tickets[0]).toMatchObject({
      resolved: false,
      replies: [{ authorRole: 'user', message: 'One more thing' }],
    });
  });

  it('refuses blank or oversized messages, unknown ticket ids and anonymous callers', async () => {
    const user = await t.createUser();
    for (const body of [
      { message: '   ' },
      { message: 'x'.repeat(5001) },
      { subject: 'x'.repeat(201), message: 'ok' },
    ]) {
      expect((await user.client.post('/api/support/tickets', body)).status).toBe(400);
    }
    const unknown = await user.client.post(
      '/api/support/tickets/00000000-0000-4000-8000-000000000000/replies',
      {
        message: 'Hi',
      },
    );
    expect(unknown.status).toBe(404);
    const malformed = await user.client.post('/api/support/tickets/not-a-uuid/replies', { message: 'Hi' });
    expect(malformed.status).toBe(400);
    expect((await t.client().get('/api/support/tickets')).status).toBe(401);
    expect((await t.client().post('/api/support/tickets', { message: 'Hi' })).status).toBe(401);
  });
});

describe('affiliate enquiries', () => {
  it('mails support "Affiliate Request from {name}" and stores nothing', async () => {
    const user = await t.createUser({ name: 'Sam Lee' });
    expect(
      await user.client.json('/api/affiliate', { method: 'POST', json: { message: 'I run a podcast' } }),
    ).toEqual({ sent: true });
    const mail = (await t.mailsTo('help@vidvisor.test')).find((m) => m.kind === 'affiliate-request');
    expect(mail).toMatchObject({ subject: 'Affiliate Request from Sam Lee' });
    expect(mail!.text).toContain('I run a podcast');
    expect(mail!.text).toContain(user.email);
  });

  it('requires a message and a signed-in user', async () => {
    const user = await t.createUser();
    expect((await user.client.post('/api/affiliate', { message: '' })).status).toBe(400);
    // Text a mail or a row cannot carry is refused before anything is sent (not a 502 from the mailer).
    const mailsBefore = (await t.mailsTo('help@vidvisor.test')).length;
    const nul = await user.client.post('/api/affiliate', { message: 'podcast\u0000' });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({
      error: { field: 'message', message: `message: ${NUL_IN_TEXT_MESSAGE}` },
    });
    expect(await t.mailsTo('help@vidvisor.test')).toHaveLength(mailsBefore);
    expect((await t.client().post('/api/affiliate', { message: 'Hi' })).status).toBe(401);
  });
});
