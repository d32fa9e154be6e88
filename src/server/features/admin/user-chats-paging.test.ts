import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_CHATS_PAGE_SIZE } from '../../../shared/schemas/admin';
import { encodeCursor } from '../../../shared/schemas/pagination';
import { chats } from '../../db/schema';
import { insertChat } from '../../testing/library-fixtures';
import { crowdedCreationTimes, newestFirstIds, pageThrough } from '../../testing/paging';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
let boss: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.createUser({ role: 'super_admin', profile: true });
});
afterAll(() => t.close());

const CHATS = 450;

describe("the admin's user detail pages through every chat", () => {
  it('450 chats, a page at a time, with no repeat or gap while new chats arrive; deleted ones left out', async () => {
    const user = await t.createOnboardedUser();
    const rows = await t.db
      .insert(chats)
      .values(
        crowdedCreationTimes(CHATS).map((createdAt, index) => ({
          userId: user.id,
          title: `Chat ${index}`,
          transcript: 'A short transcript about growing a small business.',
          createdAt,
        })),
      )
      .returning({ id: chats.id });
    const expected = newestFirstIds(rows.map((row, index) => ({ id: row.id, index })));
    await insertChat(t, user.id, { title: 'Deleted', deletedAt: new Date('2026-03-01T10:00:00Z') });

    const { ids, totals } = await pageThrough(
      boss.client,
      `/api/admin/users/${user.id}/chats`,
      'chats',
      async () => {
        await insertChat(t, user.id, { title: 'Arrived while paging' });
      },
    );
    expect(ids).toEqual(expected);
    expect(totals).toHaveLength(Math.ceil(CHATS / ADMIN_USER_CHATS_PAGE_SIZE));
    expect(totals[0]).toBe(CHATS);
    expect(totals.at(-1)).toBe(CHATS + totals.length - 1);
  });

  it('a chat deleted while the admin pages does not shift the next page', async () => {
    const user = await t.createOnboardedUser();
    await t.db.insert(chats).values(
      crowdedCreationTimes(ADMIN_USER_CHATS_PAGE_SIZE + 5).map((createdAt, index) => ({
        userId: user.id,
        title: `Chat ${index}`,
        transcript: 'A transcript.',
        createdAt,
      })),
    );
    const path = `/api/admin/users/${user.id}/chats`;
    const first = await boss.client.json(path);
    await boss.client.json(`/api/admin/chats/${first.chats[0].id}`, { method: 'DELETE' });
    const second = await boss.client.json(`${path}?cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.chats).toHaveLength(5);
    expect(second).toMatchObject({ nextCursor: null, total: ADMIN_USER_CHATS_PAGE_SIZE + 4 });
  });

  it('refuses a tickets cursor or a malformed one with 400', async () => {
    const user = await t.createOnboardedUser();
    const ticketsCursor = encodeCursor('tickets', {
      micros: '1',
      id: '00000000-0000-4000-8000-000000000000',
    });
    for (const cursor of [ticketsCursor, 'not-a-cursor', 'x'.repeat(400)]) {
      const response = await boss.client.get(`/api/admin/users/${user.id}/chats?cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
    }
  });
});
