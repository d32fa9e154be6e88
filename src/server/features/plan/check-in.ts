import { addDays, PLAN_UNSUBSCRIBE_PAGE_PATH, planCalendar, weekOfDay } from '../../../shared/plan';
import type { PlanItem } from '../../../shared/schemas/plan';
import { dayLabel } from '../../../shared/suggestions';
import { zonedTime } from '../../../shared/time-zones';
import type { MailContent } from '../../adapters/mail/render';
import type { Executor } from '../../db/client';
import { userTimeZone } from '../account/settings.service';
import { memoryOn } from '../memory/memory.service';
import { outcomeLinks } from './check-in-outcome';
import { checkInItems, findSettings } from './plan.queries';
import { serializePlanItem } from './plan.service';

export const CHECK_IN_EMAIL_KIND = 'weekly-check-in';

/** What a week's check-in tells: overdue, due in the next 7 days, done last week. */
export interface CheckIn {
  overdue: PlanItem[];
  dueSoon: PlanItem[];
  doneLastWeek: PlanItem[];
  unsubscribeToken: string;
  userId: string;
  /** When the mail is made: its "How did it go?" links expire counted from then. */
  now: Date;
  /** Whether to ask how the steps done last week went: not while the user's memory is paused. */
  askOutcomes: boolean;
}

/**
 * The user's check-in for the week of `now`, or null: switched off, or nothing due and nothing done.
 * Days and weeks are the user's, in their time zone.
 */
export async function weeklyCheckIn(db: Executor, userId: string, now: Date): Promise<CheckIn | null> {
  const settings = await findSettings(db, userId);
  if (!settings?.checkIn || !settings.unsubscribeToken) return null;
  const { today, weekEnd, timeZone } = planCalendar(now, await userTimeZone(db, userId));
  const thisWeek = weekOfDay(today);
  const items = (
    await checkInItems(db, userId, {
      dueBy: weekEnd,
      doneFrom: zonedTime(addDays(thisWeek, -7), timeZone),
      doneBefore: zonedTime(thisWeek, timeZone),
    })
  ).map(serializePlanItem);
  const open = items.filter((item) => item.status !== 'done');
  const checkIn = {
    overdue: open.filter((item) => item.dueDate! < today),
    dueSoon: open.filter((item) => item.dueDate! >= today),
    doneLastWeek: items.filter((item) => item.status === 'done'),
    unsubscribeToken: settings.unsubscribeToken,
    userId,
    now,
    askOutcomes: await memoryOn(db, userId),
  };
  const empty = !checkIn.overdue.length && !checkIn.dueSoon.length && !checkIn.doneLastWeek.length;
  return empty ? null : checkIn;
}

/** The check-in's part of the weekly mail: its sections, each step linking to /plan. */
export function checkInSections(baseUrl: string, checkIn: CheckIn): NonNullable<MailContent['sections']> {
  const planUrl = `${baseUrl}/plan`;
  const entry = (line: (item: PlanItem) => string) => (item: PlanItem) => ({
    title: item.title,
    url: planUrl,
    lines: [
      line(item),
      item.moment ? `From ${item.moment.videoTitle ?? 'a video'} at ${item.moment.label}` : '',
    ].filter(Boolean),
  });
  return [
    { heading: 'Overdue', items: checkIn.overdue.map(entry((item) => `Was due ${dayLabel(item.dueDate!)}`)) },
    {
      heading: 'Due in the next 7 days',
      items: checkIn.dueSoon.map(entry((item) => `Due ${dayLabel(item.dueDate!)}`)),
    },
    {
      heading: 'Done last week',
      items: checkIn.doneLastWeek.map((item) => ({
        ...entry(() => (checkIn.askOutcomes ? 'Done. Well done! How did it go?' : 'Done. Well done!'))(item),
        links: checkIn.askOutcomes
          ? outcomeLinks(
              baseUrl,
              checkIn.unsubscribeToken,
              { userId: checkIn.userId, itemId: item.id },
              checkIn.now,
            )
          : undefined,
      })),
    },
  ].filter((section) => section.items.length > 0);
}

/** The one-click unsubscribe of the check-in: the mail clients' POST, and the page the footer opens. */
export function checkInUnsubscribeUrls(baseUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${baseUrl}/api/plan/check-in/unsubscribe?${query}`,
    page: `${baseUrl}${PLAN_UNSUBSCRIBE_PAGE_PATH}?${query}`,
  };
}

export function checkInSummary(checkIn: CheckIn): string {
  const parts = [
    checkIn.overdue.length && `${checkIn.overdue.length} overdue`,
    checkIn.dueSoon.length && `${checkIn.dueSoon.length} due this week`,
    checkIn.doneLastWeek.length && `${checkIn.doneLastWeek.length} done last week`,
  ].filter(Boolean);
  return parts.join(', ');
}
