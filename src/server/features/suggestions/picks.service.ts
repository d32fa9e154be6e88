import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { PickInput } from '../../../shared/schemas/suggestions';
import { dayLabel, parseDuration, weekOf } from '../../../shared/suggestions';
import { parseYouTubeVideoId } from '../../../shared/youtube';
import type { AppDeps, SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { suggestionPicks } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { type PickRow, pickColumns, picksOfWeek, weeksWithPicks } from './suggestions.queries';

type Actor = Pick<SessionUser, 'id' | 'email'>;

/** How many weeks with picks the admin screen lists. */
const ADMIN_WEEKS = 52;

const pickNotFound = () => notFound('Pick not found');
const duplicatePick = (week: string) =>
  conflict(`This video is already a pick for the week of ${dayLabel(week)}`);

/** The columns a pick's form fills (the route validated it with the same schema). */
function columnsOf(input: PickInput) {
  return {
    week: input.week,
    videoId: parseYouTubeVideoId(input.url)!,
    title: input.title.trim(),
    channel: input.channel?.trim() ?? '',
    durationSeconds: input.duration ? parseDuration(input.duration) : null,
    publishedOn: input.publishedOn || null,
    thumbnailUrl: input.thumbnailUrl || null,
    tags: (input.tags ?? []).map((tag) => tag.trim()),
    note: input.note.trim(),
  };
}

/** What the audit log keeps of a pick: the team's content, nothing of any user. */
function audited(pick: PickRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...content } = pick;
  return content;
}

/** The admin screen: one week's picks (this week by default) and the weeks that have picks. */
export async function adminPicks(db: Database, week: string | undefined, now: Date) {
  const shown = week ?? weekOf(now);
  const [picks, weeks] = await Promise.all([picksOfWeek(db, shown), weeksWithPicks(db, ADMIN_WEEKS)]);
  return { week: shown, currentWeek: weekOf(now), picks, weeks };
}

async function nextPosition(tx: Executor, week: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(suggestionPicks.position) })
    .from(suggestionPicks)
    .where(eq(suggestionPicks.week, week));
  return (row?.last ?? -1) + 1;
}

/** Runs a change; a unique-index race (the same video twice in a week) becomes the duplicate message. */
async function refusingDuplicates<T>(week: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePick(week);
    throw error;
  }
}

export async function addPick(db: Database, actor: Actor, input: PickInput) {
  const columns = columnsOf(input);
  return refusingDuplicates(columns.week, () =>
    db.transaction(async (tx) => {
      const [pick] = await tx
        .insert(suggestionPicks)
        .values({ ...columns, position: await nextPosition(tx, columns.week) })
        .onConflictDoNothing({ target: [suggestionPicks.week, suggestionPicks.videoId] })
        .returning(pickColumns);
      if (!pick) throw duplicatePick(columns.week);
      await recordAudit(tx, actor, {
        action: 'suggestion.add',
        targetType: 'suggestion',
        targetId: pick.id,
        after: audited(pick),
      });
      return pick;
    }),
  );
}

async function lockPick(tx: Executor, id: string): Promise<PickRow> {
  const [pick] = await tx
    .select(pickColumns)
    .from(suggestionPicks)
    .where(eq(suggestionPicks.id, id))
    .for('update');
  if (!pick) throw pickNotFound();
  return pick;
}

export async function updatePick(db: Database, actor: Actor, id: string, input: PickInput) {
  const columns = columnsOf(input);
  return refusingDuplicates(columns.week, () =>
    db.transaction(async (tx) => {
      const before = await lockPick(tx, id);
      const [taken] = await tx
        .select({ id: suggestionPicks.id })
        .from(suggestionPicks)
        .where(
          and(
            eq(suggestionPicks.week, columns.week),
            eq(suggestionPicks.videoId, columns.videoId),
            ne(suggestionPicks.id, id),
          ),
        );
      if (taken) throw duplicatePick(columns.week);
      const position = columns.week === before.week ? before.position : await nextPosition(tx, columns.week);
      const [after] = await tx
        .update(suggestionPicks)
        .set({ ...columns, position, updatedAt: new Date() })
        .where(eq(suggestionPicks.id, id))
        .returning(pickColumns);
      await recordAudit(tx, actor, {
        action: 'suggestion.update',
        targetType: 'suggestion',
        targetId: id,
        before: audited(before),
        after: audited(after!),
      });
      return after!;
    }),
  );
}

export async function removePick(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const before = await lockPick(tx, id);
    await tx.delete(suggestionPicks).where(eq(suggestionPicks.id, id));
    await recordAudit(tx, actor, {
      action: 'suggestion.remove',
      targetType: 'suggestion',
      targetId: id,
      before: audited(before),
    });
  });
}

/** Puts a week's picks in the given order: exactly the week's ids, or nothing changes (409). */
export async function reorderPicks(db: Database, actor: Actor, week: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: suggestionPicks.id })
      .from(suggestionPicks)
      .where(eq(suggestionPicks.week, week))
      .orderBy(suggestionPicks.position, suggestionPicks.createdAt)
      .for('update');
    const before = current.map((row) => row.id);
    if (
      before.length !== ids.length ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => before.includes(id))
    )
      throw conflict('The week’s picks changed meanwhile. Reload the page and try again.');
    const positions = sql.join(
      ids.map((id, position) => sql`when ${id}::uuid then ${position}::int`),
      sql` `,
    );
    await tx
      .update(suggestionPicks)
      .set({ position: sql`case ${suggestionPicks.id} ${positions} end`, updatedAt: new Date() })
      .where(inArray(suggestionPicks.id, ids));
    await recordAudit(tx, actor, {
      action: 'suggestion.reorder',
      targetType: 'suggestion_week',
      targetId: week,
      before: { order: before },
      after: { order: ids },
    });
    return picksOfWeek(tx, week);
  });
}

/** The details of a linked video to fill the form: the Data API or oEmbed; otherwise they are typed. */
export async function lookupVideo(deps: Pick<AppDeps, 'videos'>, url: string) {
  const videoId = parseYouTubeVideoId(url)!;
  const result = await deps.videos.lookup(videoId);
  if (result.ok) return { found: true as const, video: result.value, message: null };
  return {
    found: false as const,
    video: null,
    message: `${result.problem.message} Type the video’s details by hand.`,
  };
}
