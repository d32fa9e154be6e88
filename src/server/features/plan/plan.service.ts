import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { doneByWeek, momentView, type PlanCalendar, planCalendar } from '../../../shared/plan';
import {
  type AddPlanItemsInput,
  addPlanItemsInput,
  type NewPlanItem,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  type PlanItem,
  type PlanProgress,
  type PlanQuery,
  type PlanStatus,
  type UpdatePlanItemInput,
} from '../../../shared/schemas/plan';
import { titleFromTranscript } from '../../../shared/transcript';
import type { SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { userTimeZone } from '../account/settings.service';
import {
  byIds,
  byStatus,
  byVideo,
  citedVideos,
  countItems,
  countOwnItems,
  deleteItem,
  dueFilters,
  findFromAnswer,
  findOwnItem,
  findSettings,
  insertItems,
  itemIdsOfStatus,
  type ListedPlanItem,
  listPlanItems,
  lockUser,
  nextPosition,
  progressFigures,
  saveCheckIn,
  setPositions,
  unsubscribeCheckInByToken,
  updateItem,
} from './plan.queries';
import { citesMoment, momentTitle, ownAnswer, type PlanAnswer } from './plan-answers';

export interface PlanPage {
  /** Today in the user's time zone, and that zone: what due dates are read against. */
  today: string;
  timeZone: string;
  items: PlanItem[];
  progress: PlanProgress;
  videos: { videoId: string; title: string }[];
  checkIn: { enabled: boolean };
}

const itemNotFound = () => notFound('Plan item not found');

export function serializePlanItem(row: ListedPlanItem): PlanItem {
  const chatGone = row.fromAnswer && (row.chatId === null || row.chatDeletedAt !== null);
  return {
    id: row.id,
    title: row.title,
    why: row.why,
    status: row.status,
    dueDate: row.dueDate,
    note: row.note,
    position: row.position,
    chatId: chatGone ? null : row.chatId,
    chatTitle:
      chatGone || row.chatId === null
        ? null
        : (row.chatTitle ?? titleFromTranscript(row.chatTranscript ?? '')),
    chatDeleted: chatGone,
    messageId: row.messageId,
    moment:
      row.momentSeconds === null
        ? null
        : momentView(
            { videoId: row.videoId, source: row.momentSource, seconds: row.momentSeconds },
            row.videoTitle,
          ),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

function queryFilters(query: PlanQuery, calendar: PlanCalendar): SQL[] {
  const filters: (SQL | undefined)[] = [];
  if (query.status) filters.push(byStatus(query.status));
  if (query.videoId) filters.push(byVideo(query.videoId));
  if (query.due === 'overdue') filters.push(dueFilters.overdue(calendar.today));
  if (query.due === 'week') filters.push(dueFilters.week(calendar.today, calendar.weekEnd));
  if (query.due === 'later') filters.push(dueFilters.later(calendar.weekEnd));
  if (query.due === 'none') filters.push(dueFilters.none());
  return filters.filter((filter): filter is SQL => filter !== undefined);
}

/** The plan page: the items the filters keep, the figures over all items, the cited videos, the check-in switch. */
export async function planPage(
  db: Database,
  user: SessionUser,
  query: PlanQuery,
  now: Date,
): Promise<PlanPage> {
  const calendar = planCalendar(now, await userTimeZone(db, user.id));
  const [rows, figures, videos, settings] = await Promise.all([
    listPlanItems(db, user.id, queryFilters(query, calendar)),
    progressFigures(db, user.id, calendar),
    citedVideos(db, user.id),
    findSettings(db, user.id),
  ]);
  const { doneAt, ...counts } = figures;
  return {
    today: calendar.today,
    timeZone: calendar.timeZone,
    items: rows.map(serializePlanItem),
    progress: { ...counts, doneByWeek: doneByWeek(calendar, doneAt) },
    videos: videos.map((video) => ({ videoId: video.videoId!, title: video.title ?? video.videoId! })),
    checkIn: { enabled: settings?.checkIn ?? false },
  };
}

/** Every item of the user in page order (exports, the check-in). */
export async function allPlanItems(db: Database, userId: string): Promise<PlanItem[]> {
  return (await listPlanItems(db, userId)).map(serializePlanItem);
}

/**
 * Adds items to the end of To do, all or none. With `messageId` they come from that answer (the user's
 * own), and a moment must be one it cites (400). A step of the answer already in the plan (the same
 * place in the proposal, or the same title) is returned, not added again; so is a repeat within the add.
 */
export async function addPlanItems(
  db: Database,
  user: SessionUser,
  input: AddPlanItemsInput,
): Promise<PlanItem[]> {
  const { messageId, items } = addPlanItemsInput.parse(input);
  const answer = messageId ? await ownAnswer(db, user.id, messageId) : null;
  for (const [i, item] of items.entries()) checkMoment(answer, item, i);
  const ids = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const stored = answer ? await findFromAnswer(tx, user.id, answer.messageId) : [];
    const { fresh, sameAs } = withoutRepeats(items, answer ? stored : []);
    if ((await countItems(tx, user.id)) + fresh.length > PLAN_LIMITS.itemsPerUser) {
      throw new AppError(409, 'plan_full', PLAN_MESSAGES.planFull, 'items');
    }
    const start = await nextPosition(tx, user.id, 'todo');
    const inserted = await insertItems(
      tx,
      fresh.map((item, i) => ({
        userId: user.id,
        fromAnswer: answer !== null,
        chatId: answer?.chatId ?? null,
        messageId: answer?.messageId ?? null,
        answerStep: answer ? item.step : null,
        title: item.title,
        why: item.why,
        dueDate: item.dueDate,
        position: start + i,
        videoId: item.moment?.videoId ?? null,
        momentSeconds: item.moment?.seconds ?? null,
        momentSource: item.moment && !item.moment.videoId ? (item.moment.source ?? null) : null,
        videoTitle: item.moment && answer ? momentTitle(answer, item.moment) : null,
      })),
    );
    return sameAs.map((same) => (typeof same === 'string' ? same : inserted[same]!.id));
  });
  const rows = await listPlanItems(db, user.id, [byIds(ids)]);
  const byId = new Map(rows.map((row) => [row.id, serializePlanItem(row)]));
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

/** A moment is kept only from an answer that cites it: a client cannot place a step anywhere. */
function checkMoment(answer: PlanAnswer | null, item: NewPlanItem, index: number): void {
  if (item.moment && !(answer && citesMoment(answer, item.moment))) {
    throw new AppError(400, 'moment_not_cited', PLAN_MESSAGES.momentNotCited, `items.${index}.moment`);
  }
}

type StoredStep = { id: string; title: string; answerStep: number | null };

/**
 * The items to insert, and for each given item what it is: a stored item's id, or its index among
 * those to insert. Two items are one step when they share a place in the proposal or a title.
 */
function withoutRepeats(items: NewPlanItem[], stored: StoredStep[]) {
  const fresh: NewPlanItem[] = [];
  const sameAs: (string | number)[] = [];
  const isStep = (item: NewPlanItem) => (other: { title: string; step: number | null }) =>
    other.title === item.title || (item.step !== null && other.step === item.step);
  for (const item of items) {
    const storedMatch = stored.find((row) => isStep(item)({ title: row.title, step: row.answerStep }));
    const freshIndex = fresh.findIndex(isStep(item));
    if (storedMatch) sameAs.push(storedMatch.id);
    else if (freshIndex >= 0) sameAs.push(freshIndex);
    else sameAs.push(fresh.push(item) - 1);
  }
  return { fresh, sameAs };
}

/** Edits an item; a new status puts it last in that status, and stamps (or clears) when it was done. */
export async function updatePlanItem(
  db: Database,
  user: SessionUser,
  itemId: string,
  input: UpdatePlanItemInput,
): Promise<PlanItem> {
  await db.transaction(async (tx) => {
    const item = await findOwnItem(tx, user.id, itemId);
    if (!item) throw itemNotFound();
    const moved = input.status !== undefined && input.status !== item.status;
    await updateItem(tx, user.id, itemId, {
      ...withoutUndefined(input),
      ...(moved && {
        position: await nextPosition(tx, user.id, input.status!),
        doneAt: input.status === 'done' ? new Date() : null,
      }),
    }).catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new AppError(409, 'duplicate_title', 'This answer already has a step with that title', 'title')
        : error;
    });
  });
  const [row] = await listPlanItems(db, user.id, [byIds([itemId])]);
  return serializePlanItem(row!);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}

/** A status's new order: `itemIds` must list every item of that status the user has, once each. */
export async function reorderPlan(
  db: Database,
  user: SessionUser,
  input: { status: PlanStatus; itemIds: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const current = new Set(await itemIdsOfStatus(tx, user.id, input.status));
    const given = new Set(input.itemIds);
    if ((await countOwnItems(tx, user.id, [...given])) < given.size) throw itemNotFound();
    const same =
      given.size === input.itemIds.length &&
      given.size === current.size &&
      input.itemIds.every((id) => current.has(id));
    if (!same) throw new AppError(409, 'plan_changed', PLAN_MESSAGES.itemIds, 'itemIds');
    await setPositions(tx, user.id, input.itemIds);
  });
}

/** The user's item by id (its title and status), or null: another user's, or none. */
export async function ownPlanItem(db: Database, userId: string, itemId: string) {
  const item = await findOwnItem(db, userId, itemId);
  return item && { id: item.id, title: item.title, status: item.status };
}

export async function deletePlanItem(db: Database, user: SessionUser, itemId: string): Promise<void> {
  if (!(await deleteItem(db, user.id, itemId))) throw itemNotFound();
}

export async function checkInSetting(db: Database, userId: string): Promise<{ enabled: boolean }> {
  return { enabled: (await findSettings(db, userId))?.checkIn ?? false };
}

export async function setCheckIn(
  db: Database,
  userId: string,
  enabled: boolean,
): Promise<{ enabled: boolean }> {
  await saveCheckIn(db, userId, enabled, randomBytes(24).toString('base64url'));
  return { enabled };
}

/** The check-in mail's one-click unsubscribe (no sign-in: the token is the secret); 404 for an unknown token. */
export async function unsubscribeCheckIn(db: Database, token: string) {
  if (!(await unsubscribeCheckInByToken(db, token))) {
    throw notFound('This unsubscribe link is not valid. Sign in to change your e-mail settings.');
  }
  return { unsubscribed: true as const };
}
