import { describe, expect, it } from 'vitest';
import { CITATION_PATTERN, formatTimestamp, parseTimestamp } from './timestamps';
import {
  MALFORMED_CAPTIONS_MESSAGE,
  parseCaptionFile,
  parsePastedTranscript,
  segmentsToPlainText,
  titleFromTranscript,
} from './transcript';
import { chunkSizeFor, estimateProfileTokens, splitTranscript } from './transcript-chunks';

describe('transcript text', () => {
  it('joins segment texts with spaces, collapsing whitespace', () => {
    expect(segmentsToPlainText([{ text: ' Hello\n' }, { text: 'big   world ' }, { text: '' }])).toBe(
      'Hello big world',
    );
  });

  it('titles a chat with the first 50 characters', () => {
    expect(titleFromTranscript(`  ${'a'.repeat(60)}`)).toBe('a'.repeat(50));
  });
});

describe('caption files', () => {
  it('parses WebVTT keeping cue times, stripping tags and rolling repeats', () => {
    const result = parseCaptionFile(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello <b>world</b>\n\nNOTE skip\n\nintro\n00:01:05.500 --> 00:01:08.000 align:start\n<v Maya>Second</v>\nline\n\n00:01:08.000 --> 00:01:09.000\n<v Maya>Second</v>\nline\n',
    );
    expect(result).toEqual({
      ok: true,
      segments: [
        { start: 1, duration: 3, text: 'Hello world' },
        { start: 65.5, duration: 2.5, text: 'Second line' },
      ],
    });
  });

  it('parses SRT with Windows line ends and a BOM', () => {
    const result = parseCaptionFile(
      '\uFEFF1\r\n00:00:01,000 --> 00:00:04,000\r\nHi there\r\n\r\n2\r\n01:00:05,000 --> 01:00:07,500\r\n<i>Bye</i>\r\n',
    );
    expect(result).toEqual({
      ok: true,
      segments: [
        { start: 1, duration: 3, text: 'Hi there' },
        { start: 3605, duration: 2.5, text: 'Bye' },
      ],
    });
  });

  it.each([
    ['plain text'],
    [''],
    ['WEBVTT\n\n00:00:01.000 --> nonsense\nHello'],
    ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\n'],
  ])('refuses a malformed file: %j', (content) => {
    expect(parseCaptionFile(content)).toEqual({ ok: false, message: MALFORMED_CAPTIONS_MESSAGE });
  });
});

describe('pasted transcripts with times', () => {
  it("reads YouTube's copied transcript panel", () => {
    expect(parsePastedTranscript('0:00\nWelcome back\n0:05\nToday: pricing\n1:02:03\nThe end')).toEqual([
      { start: 0, duration: 5, text: 'Welcome back' },
      { start: 5, duration: 3718, text: 'Today: pricing' },
      { start: 3723, duration: 0, text: 'The end' },
    ]);
  });

  it('reads [mm:ss] prefixed lines and gives up on plain text', () => {
    expect(parsePastedTranscript('[00:10] one\n[00:20] two')).toHaveLength(2);
    expect(parsePastedTranscript('Just a transcript\nwith two lines')).toBeNull();
  });
});

describe('timestamps', () => {
  it('formats mm:ss and h:mm:ss and parses them back', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(75.8)).toBe('01:15');
    expect(formatTimestamp(3725)).toBe('1:02:05');
    expect(parseTimestamp('01:15')).toBe(75);
    expect(parseTimestamp('1:02:05')).toBe(3725);
    expect(parseTimestamp('1:75')).toBeNull();
    expect([...'See [01:15] and [1:02:05].'.matchAll(CITATION_PATTERN)].map((m) => m[0])).toEqual([
      '[01:15]',
      '[1:02:05]',
    ]);
  });
});

describe('long transcripts', () => {
  it("sizes chunks by the spec's rule", () => {
    const profile = { a: 'x'.repeat(390) };
    const estimate = Math.ceil(JSON.stringify(profile).length / 4);
    expect(estimateProfileTokens(profile)).toBe(estimate);
    expect(chunkSizeFor(profile)).toBe(200_000 - estimate - 1_000);
  });

  it('splits at spaces without losing words', () => {
    const words = Array.from({ length: 500 }, (_, i) => `word${i}`);
    const chunks = splitTranscript(words.join(' '), 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks.join(' ').split(' ')).toEqual(words);
    expect(splitTranscript('short', 100)).toEqual(['short']);
  });
});
