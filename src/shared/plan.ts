import type { PlanMoment } from './schemas/plan';
import { addWeeks, isoDay, weekOf } from './suggestions';
import { localDay, zonedTime } from './time-zones';
import { formatTimestamp } from './timestamps';
import { youTubeWatchUrl } from './youtube';

const DAY_MS = 86_400_000;

/** Weeks the progress chart shows. */
export const PROGRESS_WEEKS = 12;

/** The day `days` days after (before, when negative) a day 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The days the plan's filters and figures count from, in the user's time zone: "this week" is today
 * through today + 6; weeks start on Monday.
 */
export function planCalendar(now: Date, timeZone: string) {
  const today = localDay(now, timeZone);
  const firstWeek = addWeeks(weekOfDay(today), -(PROGRESS_WEEKS - 1));
  return {
    timeZone,
    today,
    weekEnd: addDays(today, 6),
    monthStart: zonedTime(`${today.slice(0, 8)}01`, timeZone),
    firstWeek,
    weeksFrom: zonedTime(firstWeek, timeZone),
  };
}
export type PlanCalendar = ReturnType<typeof planCalendar>;

/** The Monday that starts the week of a day 'YYYY-MM-DD'. */
export function weekOfDay(day: string): string {
  return weekOf(new Date(`${day}T00:00:00Z`));
}

/** Done items per week (Monday starts) over the chart's weeks, oldest first, from the (local) days they were done. */
export function doneByWeek(
  calendar: PlanCalendar,
  doneDays: readonly string[],
): { weekStart: string; done: number }[] {
  const { firstWeek } = calendar;
  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, i) => ({
    weekStart: addWeeks(firstWeek, i),
    done: 0,
  }));
  const index = new Map(weeks.map((week, i) => [week.weekStart, i]));
  for (const day of doneDays) {
    const i = index.get(weekOfDay(day));
    if (i !== undefined) weeks[i]!.done += 1;
  }
  return weeks;
}

/** A moment as the API answers it: its label, its link at that second and the video's title. */
export function planMoment(videoId: string, seconds: number, videoTitle: string | null): PlanMoment {
  return {
    videoId,
    source: null,
    seconds,
    label: formatTimestamp(seconds),
    url: youTubeWatchUrl(videoId, seconds),
    videoTitle,
  };
}

/** A moment of a transcript pasted without a link: the consultation's transcript opens at it. */
export function transcriptMoment(source: number | null, seconds: number, title: string | null): PlanMoment {
  return { videoId: null, source, seconds, label: formatTimestamp(seconds), url: null, videoTitle: title };
}

/** The moment a stored or proposed step keeps, as the API answers it. */
export function momentView(
  moment: { videoId?: string | null; source?: number | null; seconds: number },
  title: string | null,
): PlanMoment {
  return moment.videoId
    ? planMoment(moment.videoId, moment.seconds, title)
    : transcriptMoment(moment.source ?? null, moment.seconds, title);
}

/** Where the check-in mail's unsubscribe link lands (no sign-in: the token is the secret). */
export const PLAN_UNSUBSCRIBE_PAGE_PATH = '/plan/unsubscribe';

/** Where the check-in mail's "How did it go?" links land (no sign-in: the signed token is the proof). */
export const PLAN_OUTCOME_PAGE_PATH = '/plan/outcome';
