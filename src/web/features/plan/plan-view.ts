import { PLAN_STATUSES, type PlanDueFilter, type PlanStatus, planQuery } from '../../../shared/schemas/plan';
import { dayLabel, isoDay } from '../../../shared/suggestions';

/**
 * Pure rules of the My Plan screen: groups, due dates (days 'YYYY-MM-DD', read against the server's
 * today in the user's time zone), keyboard moves, the filters in the address and the chart's bars.
 */

const DAY_MS = 86_400_000;
const OPEN_STATUSES: readonly PlanStatus[] = ['todo', 'in_progress'];

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Items in the page's groups (To do, In progress, Done, Dropped), each by position; empty groups kept. */
export function groupByStatus<T extends { status: PlanStatus; position: number }>(
  items: readonly T[],
): { status: PlanStatus; items: T[] }[] {
  return PLAN_STATUSES.map((status) => ({
    status,
    items: items.filter((item) => item.status === status).sort((a, b) => a.position - b.position),
  }));
}

interface Due {
  status: PlanStatus;
  dueDate: string | null;
}

/** Still to do or in progress. */
export function isOpen(item: { status: PlanStatus }): boolean {
  return OPEN_STATUSES.includes(item.status);
}

/** Overdue: due before today and still open. */
export function isOverdue(item: Due, today: string): boolean {
  return item.dueDate !== null && item.dueDate < today && isOpen(item);
}

/**
 * Which due filter an item falls under (the server's buckets): 'this week' is today and the next 6
 * days; a done or dropped item is in none of them.
 */
export function dueBucket(item: Due, today: string): PlanDueFilter | null {
  if (!isOpen(item)) return null;
  if (item.dueDate === null) return 'none';
  if (item.dueDate < today) return 'overdue';
  return item.dueDate <= addDays(today, 6) ? 'week' : 'later';
}

/** How a due date reads: 'Due today', 'Due tomorrow', 'Overdue: due Nov 20, 2026', 'Due Dec 1, 2026'. */
export function dueText(item: Due, today: string): string | null {
  if (item.dueDate === null) return null;
  if (isOverdue(item, today)) return `Overdue: due ${dayLabel(item.dueDate)}`;
  if (item.dueDate === today) return 'Due today';
  if (item.dueDate === addDays(today, 1)) return 'Due tomorrow';
  return `Due ${dayLabel(item.dueDate)}`;
}

/** The ids after moving the item at `index` by one place (-1 up, 1 down); the same ids at an end. */
export function moveId(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  const target = index + by;
  if (index < 0 || index >= next.length || target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The draft that 'Ask about this' leaves in the consultation's message box. */
export function askAboutDraft(title: string): string {
  return `I'm working on: ${title}`;
}

export interface PlanFilters {
  status?: PlanStatus;
  videoId?: string;
  due?: PlanDueFilter;
}

/** The filters in the page's address; values the API would refuse are ignored. */
export function filtersFromSearch(search: URLSearchParams): PlanFilters {
  const { status, videoId, due } = planQuery.shape;
  return {
    status: status.safeParse(search.get('status') ?? undefined).data,
    videoId: videoId.safeParse(search.get('video') ?? undefined).data,
    due: due.safeParse(search.get('due') ?? undefined).data,
  };
}

export function searchFromFilters(filters: PlanFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.videoId) search.set('video', filters.videoId);
  if (filters.due) search.set('due', filters.due);
  return search;
}

/**
 * A status's order can be saved only when the page shows every item of it: the API takes the whole
 * order, so a filter by video or due date (which hides some) turns moving off.
 */
export function canReorder(filters: PlanFilters): boolean {
  return filters.videoId === undefined && filters.due === undefined;
}

/** The chart's bars: each week's share of the busiest week (0..1), and a label for each. */
export function weeklyBars(doneByWeek: readonly { weekStart: string; done: number }[]) {
  const most = Math.max(1, ...doneByWeek.map((week) => week.done));
  return doneByWeek.map((week) => ({
    ...week,
    share: week.done / most,
    label: `Week of ${dayLabel(week.weekStart)}: ${week.done} done`,
  }));
}
