import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chatMessages } from './db/schema';
import { STAFF_READ_ACTION } from './features/audit/audit.service';
import { settleReplies } from './testing/consult';
import { ROUTE_CATALOGUE, type RouteCase } from './testing/route-catalogue';
import { routeTable } from './testing/route-table';
import { createTestApp, type TestApp } from './testing/test-app';
import { isUiStream, parseUiStream, type ReadStream, readFirstEvent } from './testing/ui-stream';
import { ACTORS, type Actor, buildWorld, type SignedInActor, type World } from './testing/world';
import { countWrites, writesSoFar } from './testing/write-counter';

/**
 * The authorization matrix: every route of the app × {anonymous, the owner, another user, admin,
 * super admin}. Built from the app's own route table, so a route added without an entry fails here.
 * For every answer, the body never carries another account's data (each account's rows hold a marker
 * no one else may see); super admins, who may read everyone's data, are the exception. A refused request
 * writes nothing; a streamed answer is read to its end (an endless stream to its first event), carries no
 * error, and is stored exactly as it streamed.
 */

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  await countWrites(t.db);
});
afterAll(() => t.close());

/** The owner acts last: its requests may change the resource the others were refused. */
const ACTING_ORDER: Actor[] = [...ACTORS.filter((a) => a !== 'owner'), 'owner'];

const appRoutes = () => [...routeTable(t.deps).keys()].sort();

async function send(key: string, routeCase: RouteCase, actor: Actor) {
  const method = key.split(' ')[0]!;
  const request = await routeCase.request(world, actor);
  const client = request.client ?? world.clientOf(actor);
  const before = await writesSoFar(t.db);
  const response = await client.request(request.path, {
    method,
    ...(request.body === undefined ? {} : { json: request.body }),
  });
  // Endless: what it carries first (its ready event) is checked like any body.
  const endless = routeCase.eventStream && response.ok;
  const body = endless ? await readFirstEvent(response) : await response.text();
  const answer = isUiStream(response) ? parseUiStream(body) : undefined;
  // An answer is saved as its stream ends: let it land before its writes are counted.
  if (answer) await settleReplies(t.db);
  return { status: response.status, body, answer, written: (await writesSoFar(t.db)) - before };
}

/** What an accepted answer wrote: its actor's newest answer holds exactly what the stream carried. */
async function answerMismatch(actor: Actor, answer: ReadStream): Promise<string | undefined> {
  if (answer.chunks.some((chunk) => chunk.type === 'error')) return 'its stream carries an error';
  const user = world.users[actor as SignedInActor];
  const [stored] = await t.db
    .select({ content: chatMessages.content, status: chatMessages.status })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.role, 'assistant')))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.seq))
    .limit(1);
  if (stored?.content !== answer.text || stored.status !== 'complete') {
    return `stored ${JSON.stringify(stored).slice(0, 120)} for a stream of ${answer.text.slice(0, 60)}`;
  }
  return undefined;
}

function foreignMarkers(actor: Actor): string[] {
  return (Object.keys(world.users) as SignedInActor[])
    .filter((account) => account !== actor)
    .map((account) => world.users[account].marker);
}

describe('authorization matrix', () => {
  it('has an entry for every route of the app, and no entry for a route that does not exist', () => {
    expect(Object.keys(ROUTE_CATALOGUE).sort()).toEqual(appRoutes());
  });

  // Several hundred requests in one test: more than the default 30 s on a busy two-core machine.
  it('answers every route × actor cell as expected, never showing another account’s data', {
    timeout: 180_000,
  }, async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    let cells = 0;
    for (const [key, routeCase] of Object.entries(ROUTE_CATALOGUE)) {
      for (const actor of ACTING_ORDER) {
        const { status, body, answer, written } = await send(key, routeCase, actor);
        cells += 1;
        if (status >= 400 && written !== 0) {
          leaks.push(`${key} as ${actor} wrote rows though refused with ${status}`);
        }
        // A followed answer (GET) writes nothing: the answers checked are those the actor asked for.
        const asked = status === 200 && answer && !key.startsWith('GET ');
        const wrong = asked ? await answerMismatch(actor, answer) : undefined;
        if (wrong) leaks.push(`${key} as ${actor}: ${wrong}`);
        if (status !== routeCase.expected[actor]) {
          mismatches.push(
            `${key} as ${actor}: expected ${routeCase.expected[actor]}, got ${status} ${body.slice(0, 160)}`,
          );
        }
        if (actor === 'superAdmin') continue;
        for (const marker of foreignMarkers(actor)) {
          if (body.includes(marker)) leaks.push(`${key} as ${actor} shows ${marker}`);
        }
      }
    }
    console.info(
      `authorization matrix: ${cells} cells checked over ${Object.keys(ROUTE_CATALOGUE).length} routes`,
    );
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it('audits a read-only view of another account’s chat, its transcript and its answer (?ia=1) for exactly the actors who may open it', async () => {
    const owner = world.users.owner;
    const readsOfOwner = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, STAFF_READ_ACTION), eq(auditLog.targetId, owner.id)));
    for (const [actor, read] of ACTING_ORDER.flatMap((actor) =>
      ['', '/transcript', '/stream'].map((read) => [actor, read] as const),
    )) {
      const before = (await readsOfOwner()).length;
      const response = await world.clientOf(actor).get(`/api/chats/${owner.chatId}${read}?ia=1`);
      const reads = await readsOfOwner();
      if (actor === 'superAdmin') {
        expect(response.status).toBe(200);
        expect(reads).toHaveLength(before + 1);
        expect(reads.at(-1)).toMatchObject({
          actorId: world.users.superAdmin.id,
          actorEmail: world.users.superAdmin.email,
          targetType: 'user',
          after: { chatId: owner.chatId },
        });
      } else {
        // Refused, or the owner reading their own chat: no staff read to record.
        expect(reads, actor).toHaveLength(before);
      }
    }
  });
});
