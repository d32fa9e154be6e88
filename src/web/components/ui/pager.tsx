import type { ReactNode } from 'react';
import { Button } from './button';

/** Previous / Next under a paged list; renders nothing when everything fits on the first page. */
export function Pager({
  page,
  hasNext,
  summary,
  onPage,
}: {
  page: number;
  hasNext: boolean;
  summary?: ReactNode;
  onPage: (page: number) => void;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">{summary ?? `Page ${page}`}</span>
      <Button variant="outline" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
