import { FileText, PlayCircle } from 'lucide-react';
import type { PlanMoment } from '../../../../shared/schemas/plan';
import { cn } from '../../../lib/cn';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';

const LINK_CLASS =
  'inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * The moment an item came from: a video's opens it at that second, in a new tab; a transcript's (pasted
 * without a link) opens the consultation's transcript at that passage, or is named when there is none.
 */
export function MomentLink({
  moment,
  chatId,
  className,
}: {
  moment: PlanMoment;
  /** The consultation whose transcript a transcript moment opens; null: named, not linked. */
  chatId: string | null;
  className?: string;
}) {
  if (moment.url) {
    return (
      <a href={moment.url} target="_blank" rel="noopener noreferrer" className={cn(LINK_CLASS, className)}>
        <PlayCircle className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{moment.videoTitle ?? 'Video'}</span>
        <span className="shrink-0">at {moment.label}</span>
        <span className="sr-only">(opens YouTube)</span>
      </a>
    );
  }
  const words = (
    <>
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{moment.videoTitle ?? 'Transcript'}</span>
      <span className="shrink-0">at {moment.label}</span>
    </>
  );
  // The transcript panel shows the consultation's own transcript; a moment of another source opens the chat.
  return chatId ? (
    <AppLink
      to={paths.chat.href(chatId, moment.source === null ? { transcriptAt: moment.seconds } : {})}
      className={cn(LINK_CLASS, className)}
    >
      {words}
      <span className="sr-only">(opens the transcript)</span>
    </AppLink>
  ) : (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5 text-sm', className)}>{words}</span>
  );
}
