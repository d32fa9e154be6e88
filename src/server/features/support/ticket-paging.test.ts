import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../../shared/schemas/pagination';
import { TICKETS_PAGE_SIZE } from '../../../shared/schemas/support';
import { supportTickets } from '../../db/schema';
import { crowdedCreationTimes, newestFirstIds, pageThrough } from '../../testing/paging';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
let boss: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.createUser({ role: 'super_admin', profile: true });
});
afterAll(() => t.close());

const TICKETS = 250;

/** `TICKETS` tickets of one user, created in crowded instants; their ids newest first. */
async function manyTickets(user: TestUser) {
  const rows = await t.db
    .insert(supportTickets)
    .values(
      crowdedCreationTimes(TICKETS).map((createdAt, index) => ({
        userId: user.id,
        subject: `Question ${index}`,
        message: 'Something is off',
        createdAt,
      })),
    )
    .returning({ id: supportTickets.id });
  return newestFirstIds(rows.map((row, index) => ({ id: row.id, index })));
}

describe('support tickets are paged with a cursor', () => {
  it('the Support tab pages through all 250 tickets with no repeat or gap while new ones arrive', async () => {
    const user = await t.createUser();
    const expected = await manyTickets(user);
    let added = 0;
    const { ids, totals } = await pageThrough(user.client, '/api/support/tickets', 'tickets', async () => {
      await user.client.json(
        '/api/support/tickets',
        { method: 'POST', json: { message: `New ${++added}` } },
        201,
      );
    });
    expect(ids).toEqual(expected);
    expect(totals).toHaveLength(Math.ceil(TICKETS / TICKETS_PAGE_SIZE));
    expect(totals[0]).toBe(TICKETS);
    expect(totals.at(-1)).toBe(TICKETS + totals.length - 1);

    // A new first page starts with what arrived meanwhile, newest first.
    const first = await user.client.json('/api/support/tickets');
    expect(first.tickets.slice(0, 3).map((ticket: { message: string }) => ticket.message)).toEqual([
      `New ${added}`,
      `New ${added - 1}`,
      `New ${added - 2}`,
    ]);
    expect(first.total).toBe(TICKETS + added);
  });

  it("the admin's list pages through the same tickets while the user writes more", async () => {
    const user = await t.createUser();
    const expected = await manyTickets(user);
    const path = `/api/admin/users/${user.id}/tickets`;
    const { ids } = await pageThrough(boss.client, path, 'tickets', async () => {
      await user.client.json(
        '/api/support/tickets',
        { method: 'POST', json: { message: 'Still there?' } },
        201,
      );
    });
    expect(ids).toEqual(expected);
  });

  it('a page holds only the signed-in user’s tickets, each with its thread', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await other.client.post('/api/support/tickets', { message: 'Not yours' });
    const { ticket } = await user.client.json(
      '/api/support/tickets',
      { method: 'POST', json: { message: 'Mine' } },
      201,
    );
    await boss.client.json(
      `/api/admin/tickets/${ticket.id}/replies`,
      { method: 'POST', json: { message: 'On it' } },
      201,
    );
    expect(await user.client.json('/api/support/tickets')).toMatchObject({
      tickets: [{ message: 'Mine', replies: [{ authorRole: 'support', message: 'On it' }] }],
      nextCursor: null,
      total: 1,
    });
  });

  it('refuses a malformed cursor or one made for another list with 400, the field named', async () => {
    const user = await t.createUser();
    const chatsCursor = encodeCursor('chats', { micros: '1', id: '00000000-0000-4000-8000-000000000000' });
    for (const cursor of [
      'garbage',
      '',
      '%%%',
      chatsCursor,
      btoa('{"list":"tickets","micros":"x","id":"1"}'),
    ]) {
      const response = await user.client.get(`/api/support/tickets?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: 'invalid_input', field: 'cursor' });
    }
    const admin = await boss.client.get(`/api/admin/users/${user.id}/tickets?cursor=${chatsCursor}`);
    expect(admin.status).toBe(400);
  });

  it('the widget’s latest replies are the support team’s newest across all the user’s tickets, never another’s', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const ids = await manyTickets(user);
    const [otherTicket] = await manyTickets(other);
    // Past the first page of tickets: an old ticket answered last, and older answers on newer tickets.
    const answer = (ticketId: string, message: string) =>
      boss.client.json(`/api/admin/tickets/${ticketId}/replies`, { method: 'POST', json: { message } }, 201);
    await answer(ids[0]!, 'First answer');
    await answer(ids[1]!, 'Second answer');
    await user.client.json(
      `/api/support/tickets/${ids[200]}/replies`,
      { method: 'POST', json: { message: 'Any news?' } },
      201,
    );
    await answer(ids[200]!, 'Newest answer, on an old ticket');
    await answer(otherTicket!, 'For someone else');

    const { replies } = await user.client.json('/api/support/replies/latest');
    expect(replies.map((reply: { message: string }) => reply.message)).toEqual([
      'Newest answer, on an old ticket',
      'Second answer',
      'First answer',
    ]);
    expect(replies[0]).toMatchObject({
      ticketId: ids[200],
      subject: expect.stringMatching(/^Question \d+$/),
    });
    expect((await t.client().get('/api/support/replies/latest')).status).toBe(401);
  });
});
