import { CITATION_PATTERN, parseTimestamp } from '../../../../shared/timestamps';
import { videoUrlAt } from '../../../../shared/youtube';

/** Turns [mm:ss] citations in Markdown into links to the video at that second (links stay links). */
export function linkCitations(markdown: string, videoUrl: string): string {
  return markdown.replace(CITATION_PATTERN, (match, _h, _m, _s, offset: number, whole: string) => {
    if (whole[offset + match.length] === '(') return match;
    const seconds = parseTimestamp(match.slice(1, -1));
    return seconds === null ? match : `[${match}](${videoUrlAt(videoUrl, seconds)})`;
  });
}
