import { PlayCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The video moment an item came from: opens the video at that second, in a new tab. */
export function MomentLink({
  moment,
  className,
}: {
  moment: { url: string; label: string; videoTitle: string | null };
  className?: string;
}) {
  return (
    <a
      href={moment.url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      <PlayCircle className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{moment.videoTitle ?? 'Video'}</span>
      <span className="shrink-0">at {moment.label}</span>
      <span className="sr-only">(opens YouTube)</span>
    </a>
  );
}
