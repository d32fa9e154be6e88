import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../testing/every-column-scan';
import { migrateBefore } from '../testing/migrations';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('gives the channels’ videos stored before it their search words, and keeps every video as it was', async () => {
  await migrateBefore(database, '_channel-video-search-vector');
  await database.db.execute(
    sql`insert into channels (id, title) values ('UC0000000000000000000001', 'Bakery')`,
  );
  await database.db.execute(sql`
    insert into channel_videos (channel_id, video_id, title, description, published_at) values
      ('UC0000000000000000000001', 'aaaaaaaaaaa', 'Pricing your sourdough', '', now()),
      ('UC0000000000000000000001', 'bbbbbbbbbbb', 'A day at the market', 'Hiring a baker for the stall.', now())
  `);

  await migrateDatabase(database);

  const result = await database.db.execute(sql`
    select video_id, title, description,
           search_vector @@ plainto_tsquery('english', 'prices') as prices,
           search_vector @@ plainto_tsquery('english', 'hiring baker') as hiring
    from channel_videos order by video_id`);
  expect(rowsOf(result)).toEqual([
    {
      video_id: 'aaaaaaaaaaa',
      title: 'Pricing your sourdough',
      description: '',
      prices: true,
      hiring: false,
    },
    {
      video_id: 'bbbbbbbbbbb',
      title: 'A day at the market',
      description: 'Hiring a baker for the stall.',
      prices: false,
      hiring: true,
    },
  ]);
});
