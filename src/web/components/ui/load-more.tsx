import { Alert } from './alert';
import { Button } from './button';

/** The parts of an infinite query over a cursor-paged list (rows joined) that its footer reads. */
export interface PagedRows {
  data: { rows: unknown[]; total: number };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Under a cursor-paged list: how many rows are shown out of how many, and 'Load more' while more
 * exist (a failed load says so and leaves the button to try again).
 */
export function LoadMore({ paged, noun }: { paged: PagedRows; noun: string }) {
  const shown = paged.data.rows.length;
  return (
    <div className="grid justify-items-center gap-2">
      <p className="text-sm text-muted-foreground">
        Showing {shown} of {Math.max(paged.data.total, shown)} {noun}
      </p>
      {paged.isFetchNextPageError ? (
        <Alert tone="danger">Could not load more {noun}. Please try again.</Alert>
      ) : null}
      {paged.hasNextPage ? (
        <Button variant="outline" disabled={paged.isFetchingNextPage} onClick={() => paged.fetchNextPage()}>
          {paged.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
