import type { InfiniteData } from '@tanstack/react-query';

/** What every cursor-paged list of our API answers beside its rows. */
export interface CursorPage {
  nextCursor: string | null;
  total: number;
}

/** The paging half of an `infiniteQueryOptions` over a cursor-paged endpoint. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: CursorPage) => page.nextCursor ?? undefined,
};

/** The loaded pages' rows in order, and the list's count as the newest fetched page gave it. */
export function joinPages<Page extends CursorPage, Row>(
  data: InfiniteData<Page, string | undefined>,
  rowsOf: (page: Page) => Row[],
) {
  return { rows: data.pages.flatMap(rowsOf), total: data.pages.at(-1)?.total ?? 0 };
}
