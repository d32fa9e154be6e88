import type { PlanMoment } from './schemas/plan';
import { addWeeks, isoDay, weekOf } from './suggestions';
import { formatTimestamp } from './timestamps';
import { youTubeWatchUrl } from './youtube';

const DAY_MS = 86_400_000;

/** Weeks the progress chart shows. */
export const PROGRESS_WEEKS = 12;

/** The day `days` days after (before, when negative) a day 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The days the plan's filters and figures count from (UTC): "this week" is today through today + 6. */
export function planCalendar(now: Date) {
  const today = isoDay(now);
  const firstWeek = addWeeks(weekOf(now), -(PROGRESS_WEEKS - 1));
  return {
    today,
    weekEnd: addDays(today, 6),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    firstWeek,
    weeksFrom: new Date(`${firstWeek}T00:00:00Z`),
  };
}

/** Done items per week (Monday starts) over the chart's weeks, oldest first, from the days they were done. */
export function doneByWeek(now: Date, doneDays: readonly string[]): { weekStart: string; done: number }[] {
  const { firstWeek } = planCalendar(now);
  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, i) => ({
    weekStart: addWeeks(firstWeek, i),
    done: 0,
  }));
  const index = new Map(weeks.map((week, i) => [week.weekStart, i]));
  for (const day of doneDays) {
    const i = index.get(weekOf(new Date(`${day}T00:00:00Z`)));
    if (i !== undefined) weeks[i]!.done += 1;
  }
  return weeks;
}

/** A moment as the API answers it: its label, its link at that second and the video's title. */
export function planMoment(videoId: string, seconds: number, videoTitle: string | null): PlanMoment {
  return {
    videoId,
    seconds,
    label: formatTimestamp(seconds),
    url: youTubeWatchUrl(videoId, seconds),
    videoTitle,
  };
}

/** Where the check-in mail's unsubscribe link lands (no sign-in: the token is the secret). */
export const PLAN_UNSUBSCRIBE_PAGE_PATH = '/plan/unsubscribe';
