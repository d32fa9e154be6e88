import { formatTimestamp, parseTimestamp } from './timestamps';
import { parseYouTubeVideoId, videoUrlAt } from './youtube';

/**
 * Citations in answers: '[mm:ss]' (or '[h:mm:ss]') points at the chat's own video; '[V2 14:05]' at
 * the consultation's source number 2, for answers drawn from several videos.
 */
const ANY_CITATION = /\[(?:V(\d{1,3}) )?((?:\d{1,2}:)?\d{1,2}:\d{2})\]/g;

export interface Citation {
  /** The source's number; null for a '[mm:ss]' citation of the chat's own video. */
  source: number | null;
  seconds: number;
}

export type CitationPart = { text: string; citation?: Citation };

/** '[V2 14:05]': how prompts label a passage and answers cite it when a chat draws on several videos. */
export function formatSourceCitation(source: number, seconds: number): string {
  return `[V${source} ${formatTimestamp(seconds)}]`;
}

/**
 * Text cut into plain parts and citations. A bracket that is already a Markdown link's text
 * ('[00:10](https://…)') or is not a valid time stays plain.
 */
export function citationParts(text: string): CitationPart[] {
  const parts: CitationPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(ANY_CITATION)) {
    const end = match.index + match[0].length;
    const seconds = parseTimestamp(match[2]!);
    if (seconds === null || text[end] === '(') continue;
    if (match.index > plainFrom) parts.push({ text: text.slice(plainFrom, match.index) });
    parts.push({ text: match[0], citation: { source: match[1] ? Number(match[1]) : null, seconds } });
    plainFrom = end;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom) });
  return parts;
}

/** The citation a link's text is, whole ('[V2 14:05]' → video 2 at 845 s), or null. */
export function citationOf(text: string): Citation | null {
  const parts = citationParts(text.trim());
  return parts.length === 1 ? (parts[0]!.citation ?? null) : null;
}

/** A video a citation may open: its link (null when the transcript came without one) and its title. */
export interface CitedVideo {
  url: string | null;
  title: string;
}

/** Resolves a citation's source (null: the chat's own video) to its video, or null when unknown. */
export type CitationResolver = (source: number | null) => CitedVideo | null;

/**
 * Resolves a chat's citations: '[mm:ss]' to its own video, '[V2 14:05]' to its source number 2 (a
 * removed one too: earlier answers keep their citations).
 */
export function citationResolver(
  own: CitedVideo,
  sources: readonly { number: number; youtubeUrl: string | null; title: string }[],
): CitationResolver {
  const byNumber = new Map(sources.map((source) => [source.number, source]));
  return (number) => {
    if (number === null) return own;
    const source = byNumber.get(number);
    return source ? { url: source.youtubeUrl, title: source.title } : null;
  };
}

/** Where a citation leads and what a screen reader calls it: the video's title and the moment. */
export function citationLink(citation: Citation, resolve: CitationResolver) {
  const video = resolve(citation.source);
  if (!video?.url) return null;
  return {
    href: videoUrlAt(video.url, citation.seconds),
    label: `${video.title} at ${formatTimestamp(citation.seconds)}`,
  };
}

/**
 * Markdown with its citations turned into links opening the video at that second. '[V2 14:05]' links
 * carry the video's title and moment as their Markdown title; '[mm:ss]' links stay bare as before.
 */
export function linkCitations(markdown: string, resolve: CitationResolver): string {
  return citationParts(markdown)
    .map(({ text, citation }) => {
      const link = citation && citationLink(citation, resolve);
      if (!link) return text;
      const title = citation.source === null ? '' : ` "${markdownTitle(link.label)}"`;
      return `[${text}](${link.href}${title})`;
    })
    .join('');
}

function markdownTitle(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/["\\]/g, '\\$&');
}

/** The moment a citation names: a YouTube video's, or a transcript's pasted without a link. */
export type CitedMoment =
  | { videoId: string; seconds: number }
  | { videoId: null; source: number | null; seconds: number };

/**
 * The moment a citation leads to: the video at that second when it has a YouTube link; the transcript
 * (the chat's own, or its source of that number) at that second when it came without one; null when the
 * citation names no source of the chat or a link that is not YouTube's.
 */
export function citedMoment(citation: Citation, resolve: CitationResolver): CitedMoment | null {
  const video = resolve(citation.source);
  if (!video) return null;
  if (!video.url) return { videoId: null, source: citation.source, seconds: citation.seconds };
  const videoId = parseYouTubeVideoId(video.url);
  return videoId ? { videoId, seconds: citation.seconds } : null;
}
