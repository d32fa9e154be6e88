import { CheckCircle2, ExternalLink, MessageSquarePlus, Target, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { dayLabel, formatDuration, isYouTubeThumbnail } from '../../../shared/suggestions';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ExternalImage } from '../ui/external-image';
import { BadgeList } from './badge-list';

/** A video as every list of suggested videos shows it (picks, trending, search, followed channels). */
export interface VideoCardData {
  videoId: string;
  url: string;
  title: string;
  channel: string;
  durationSeconds: number | null;
  /** 'YYYY-MM-DD' */
  publishedOn: string | null;
  thumbnailUrl: string | null;
  viewCount?: number | null;
  /** Why the team picked it. */
  note?: string | null;
  matchedKeywords: string[];
  /** The words of the user's profile it holds, when the list is ranked by relevance to the profile. */
  matchedWords?: string[];
  consulted: boolean;
}

/**
 * The still of a video, or a plain placeholder when there is none, it cannot load (offline, blocked)
 * or it is not YouTube's (the pages load images from nowhere else).
 */
function Thumbnail({ url }: { url: string | null }) {
  return (
    <ExternalImage
      src={url && isYouTubeThumbnail(url) ? url : null}
      className="size-full object-cover"
      fallback={
        <div
          role="img"
          aria-label="No thumbnail"
          className="flex size-full items-center justify-center bg-muted text-muted-foreground"
        >
          <Video className="size-8" aria-hidden />
        </div>
      }
    />
  );
}

/**
 * One suggested video: what it is, why it is here, and a one-click consultation; `action` adds a button
 * (described by the card's title, like the others).
 */
export function VideoCard({
  video,
  action,
}: {
  video: VideoCardData;
  action?: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  const facts = [
    video.channel,
    video.durationSeconds ? formatDuration(video.durationSeconds) : null,
    video.publishedOn ? dayLabel(video.publishedOn) : null,
    typeof video.viewCount === 'number' ? `${video.viewCount.toLocaleString('en-US')} views` : null,
  ].filter(Boolean);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm"
    >
      <div className="aspect-video w-full">
        <Thumbnail url={video.thumbnailUrl} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-2 font-semibold leading-snug">
          {video.title}
        </h3>
        {facts.length ? <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p> : null}
        {video.consulted ? (
          <Badge tone="success" className="gap-1 self-start">
            <CheckCircle2 className="size-3.5" aria-hidden /> Already consulted
          </Badge>
        ) : null}
        {video.note ? (
          <p className="text-sm">
            <span className="font-medium">Why we picked it: </span>
            {video.note}
          </p>
        ) : null}
        {video.matchedWords?.length ? (
          <Badge tone="primary" className="gap-1 self-start whitespace-normal">
            <Target className="size-3.5 shrink-0" aria-hidden /> Relevant to your business:{' '}
            {video.matchedWords.join(', ')}
          </Badge>
        ) : null}
        <BadgeList label="Matched keywords" items={video.matchedKeywords} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild size="sm">
            <AppLink to={paths.consult.href(video.url)} aria-describedby={titleId}>
              <MessageSquarePlus aria-hidden /> Start consultation
            </AppLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <a href={video.url} target="_blank" rel="noreferrer" aria-describedby={titleId}>
              <ExternalLink aria-hidden /> Watch
            </a>
          </Button>
          {action?.(titleId)}
        </div>
      </div>
    </article>
  );
}
