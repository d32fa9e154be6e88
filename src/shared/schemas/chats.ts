import { z } from 'zod';
import { pageParam } from './common';

/** Chat titles are free text in the spec; we bound them so lists and exports stay readable. */
export const CHAT_TITLE_MAX = 200;
/** Longer search strings are refused rather than sent to the full-text parser. */
export const CHAT_SEARCH_MAX = 200;
export const SAVED_CHATS_PAGE_SIZE = 20;
export const RECENT_CHATS_LIMIT = 50;

/**
 * Marks around the matching words of a search snippet: control characters no transcript uses (and that
 * ts_headline accepts as quoted delimiters), never HTML, so the page renders them as <mark> safely.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_END = '\u0002';

export const UNTITLED_CHAT = 'Untitled Chat';

export const renameChatInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Please enter a title')
    .max(CHAT_TITLE_MAX, `Keep the title under ${CHAT_TITLE_MAX} characters`),
});
export type RenameChatInput = z.infer<typeof renameChatInput>;

export const chatSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(CHAT_SEARCH_MAX, `Keep your search under ${CHAT_SEARCH_MAX} characters`)
    .optional()
    .default(''),
  page: pageParam,
});

export const chatExportQuery = z.object({ format: z.enum(['md', 'pdf']) });
export type ChatExportFormat = z.infer<typeof chatExportQuery>['format'];

/** A snippet split into plain and highlighted parts, for rendering without HTML. */
export function splitHighlights(snippet: string): { text: string; highlighted: boolean }[] {
  const parts: { text: string; highlighted: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      parts.push({ text: rest, highlighted: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), highlighted: false });
    const afterStart = rest.slice(start + 1);
    const end = afterStart.indexOf(HIGHLIGHT_END);
    const marked = end === -1 ? afterStart : afterStart.slice(0, end);
    if (marked) parts.push({ text: marked, highlighted: true });
    rest = end === -1 ? '' : afterStart.slice(end + 1);
  }
  return parts;
}

/** The chat's display title: its title, else 'Untitled Chat'. */
export function chatDisplayTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : UNTITLED_CHAT;
}
