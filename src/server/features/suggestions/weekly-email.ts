import {
  dayLabel,
  formatDuration,
  keywordsFromProfile,
  unsubscribePageHref,
  weekOf,
} from '../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../shared/youtube';
import type { MailMessage } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';
import type { AppDeps } from '../../context';
import { getProfile } from '../profile/profile.service';
import {
  claimWeeklyEmail,
  dueRecipients,
  type PickRow,
  picksOfWeek,
  releaseWeeklyEmail,
} from './suggestions.queries';
import {
  fromPick,
  type ListedVideo,
  type SuggestionDeps,
  savedTrending,
  siteTrending,
} from './suggestions.service';

export const WEEKLY_EMAIL_KIND = 'weekly-suggestions';
/** The e-mail goes out on Mondays (UTC), the day a week's picks start. */
const SEND_DAY = 1;
const TRENDING_IN_EMAIL = 3;
const BATCH = 200;
/** How often each process looks whether e-mails are due (cheap on other days: no query). */
const CHECK_EVERY_MS = 10 * 60_000;

type EmailDeps = SuggestionDeps & Pick<AppDeps, 'mailer' | 'config' | 'shutdownSignal'>;

function videoLines(video: ListedVideo): string[] {
  const facts = [video.channel, video.durationSeconds ? formatDuration(video.durationSeconds) : '']
    .filter(Boolean)
    .join(' · ');
  return [facts, video.note ? `Why we picked it: ${video.note}` : ''].filter(Boolean);
}

function weeklyMail(
  baseUrl: string,
  to: string,
  week: string,
  picks: PickRow[],
  trending: ListedVideo[],
  unsubscribeToken: string,
): MailMessage {
  const consultLink = (videoId: string) =>
    `${baseUrl}/consult?url=${encodeURIComponent(youTubeWatchUrl(videoId))}`;
  const items = (videos: ListedVideo[]) =>
    videos.map((video) => ({
      title: video.title,
      url: consultLink(video.videoId),
      lines: videoLines(video),
    }));
  const label = `week of ${dayLabel(week)}`;
  return {
    to,
    kind: WEEKLY_EMAIL_KIND,
    subject: `This week’s video picks: ${label}`,
    headers: {
      'List-Unsubscribe': `<${baseUrl}/api/suggestions/unsubscribe?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...renderMail({
      heading: `Your video picks, ${label}`,
      paragraphs: ['Videos worth a consultation this week. Open one to start a consultation on it.'],
      sections: [
        { heading: 'This week’s picks', items: items(picks.map(fromPick)) },
        ...(trending.length ? [{ heading: 'Trending for your business', items: items(trending) }] : []),
      ],
      action: { label: 'See all suggestions', url: `${baseUrl}/suggestions` },
      footer: 'You get this e-mail because you turned on weekly video suggestions in Vidvisor.',
      footerLink: {
        label: 'Unsubscribe',
        url: `${baseUrl}${unsubscribePageHref(unsubscribeToken)}`,
      },
    }),
  };
}

/**
 * Sends the week's e-mail to every opted-in user who has not had it this week. Each send is claimed
 * first (one row per user and week), so however many processes run this at once, a user gets one; a
 * mail that fails gives its claim back for the next run. A week without picks sends nothing.
 */
export async function sendWeeklyEmails(deps: EmailDeps, now: Date): Promise<number> {
  const week = weekOf(now);
  const picks = await picksOfWeek(deps.db, week);
  if (picks.length === 0) return 0;
  // The site's most consulted videos: asked for once a run, and only when a recipient has no saved
  // trending (a query started and never awaited would crash the process if it failed).
  let siteTop: Promise<ListedVideo[]> | undefined;
  const siteTopOnce = () => {
    siteTop ??= siteTrending(deps, now);
    return siteTop;
  };
  let sent = 0;
  let after = '';
  while (!deps.shutdownSignal.aborted) {
    const batch = await dueRecipients(deps.db, week, after, BATCH, now);
    if (batch.length === 0) break;
    after = batch.at(-1)!.userId;
    for (const recipient of batch) {
      if (deps.shutdownSignal.aborted || !recipient.unsubscribeToken) continue;
      if (!(await claimWeeklyEmail(deps.db, recipient.userId, week))) continue;
      try {
        const keywords =
          recipient.keywords ?? keywordsFromProfile(await getProfile(deps.db, recipient.userId));
        const trending = (await savedTrending(deps, keywords, now)) ?? (await siteTopOnce());
        await deps.mailer.send(
          weeklyMail(
            deps.config.baseUrl,
            recipient.email,
            week,
            picks,
            trending.slice(0, TRENDING_IN_EMAIL),
            recipient.unsubscribeToken,
          ),
        );
        sent += 1;
      } catch (error) {
        await releaseWeeklyEmail(deps.db, recipient.userId, week);
        deps.logger.warn({ err: error, userId: recipient.userId }, 'weekly suggestions e-mail not sent');
      }
    }
  }
  return sent;
}

/**
 * Runs in every server process: every ten minutes (and shortly after start), on Mondays, sends the
 * e-mails that are due. Returns a stop that waits for a run in progress.
 */
export function startWeeklyEmails(deps: EmailDeps, { everyMs = CHECK_EVERY_MS } = {}) {
  let running: Promise<unknown> | null = null;
  const check = () => {
    const now = new Date();
    if (running || now.getUTCDay() !== SEND_DAY) return;
    running = sendWeeklyEmails(deps, now)
      .then((sent) => sent > 0 && deps.logger.info({ sent }, 'weekly suggestions e-mails sent'))
      .catch((error) => deps.logger.error({ err: error }, 'weekly suggestions e-mails failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, 5_000);
  const timer = setInterval(check, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
