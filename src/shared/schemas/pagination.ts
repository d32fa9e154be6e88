import { z } from 'zod';

/** The newest-first lists that page with a cursor; a cursor names its list, so one list's cursor is refused by another. */
export type CursorList = 'tickets' | 'chats';

/**
 * Where a page of a newest-first list ended: the last row's creation time in microseconds since the
 * epoch (the database's full precision, so rows made in the same millisecond are neither skipped nor
 * repeated) and its id, which orders rows made at the same instant.
 */
export interface PageCursor {
  micros: string;
  id: string;
}

export const PAGE_CURSOR_MAX = 300;

const cursorBody = z.object({
  list: z.enum(['tickets', 'chats']),
  micros: z.string().regex(/^\d{1,17}$/),
  id: z.guid(),
});

function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
}

/** The opaque text a client sends back for the next page (ASCII only: ids and digits). */
export function encodeCursor(list: CursorList, cursor: PageCursor): string {
  return toBase64Url(JSON.stringify({ list, micros: cursor.micros, id: cursor.id }));
}

/** The position a cursor names, or null when it is malformed or was made for another list. */
export function decodeCursor(list: CursorList, text: string): PageCursor | null {
  const json = fromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = cursorBody.safeParse(value);
  if (!parsed.success || parsed.data.list !== list) return null;
  return { micros: parsed.data.micros, id: parsed.data.id };
}

/** `?cursor=` of a paged list: absent for the first page; malformed or another list's: 400, field named. */
export function pageCursorQuery(list: CursorList) {
  return z.object({
    cursor: z
      .string()
      .max(PAGE_CURSOR_MAX, 'Not a page cursor')
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const cursor = decodeCursor(list, text);
        if (cursor) return cursor;
        ctx.addIssue({ code: 'custom', message: 'Not a page cursor of this list' });
        return z.NEVER;
      }),
  });
}
