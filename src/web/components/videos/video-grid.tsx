import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { VideoCard, type VideoCardData } from './video-card';

/** What a card offers beside its consultation (a route's addition, e.g. following the video's channel). */
export type CardAction = (video: VideoCardData, titleId: string) => ReactNode;

export function VideoGrid({ videos, cardAction }: { videos: VideoCardData[]; cardAction?: CardAction }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {videos.map((video) => (
        <li key={video.videoId} className="flex">
          <VideoCard
            video={video}
            action={cardAction ? (titleId) => cardAction(video, titleId) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/** A section's list while it loads, when it fails (with a retry), when it is empty, and when it has videos. */
export function VideoListState<T>({
  query,
  loadingLabel,
  errorMessage,
  videosOf,
  empty,
  cardAction,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorMessage: string;
  videosOf: (data: T) => VideoCardData[];
  empty: ReactNode;
  cardAction?: CardAction;
  /** Shown above the grid once loaded (a source line, a notice). */
  children?: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center p-8 text-primary">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-3">
        {errorMessage}
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </Alert>
    );
  }
  const videos = videosOf(query.data);
  return (
    <div className="grid gap-4">
      {children?.(query.data)}
      {videos.length ? (
        <VideoGrid videos={videos} cardAction={cardAction} />
      ) : (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      )}
    </div>
  );
}
