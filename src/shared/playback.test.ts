import { describe, expect, it } from 'vitest';
import { citationOf } from './citations';
import { citedMoment, passageAt } from './playback';

const PASSAGES = [
  { start: 0, text: 'Welcome.' },
  { start: 14, text: 'Retention first.' },
  { start: 125, text: 'Raise prices for the morning rush.' },
  { start: 3725, text: 'An hour in.' },
];

describe('the passage playing at a second', () => {
  it('is the last one started by then, the next one from its first second', () => {
    expect(passageAt(PASSAGES, 0)).toBe(0);
    expect(passageAt(PASSAGES, 13.9)).toBe(0);
    expect(passageAt(PASSAGES, 14)).toBe(1);
    expect(passageAt(PASSAGES, 125)).toBe(2);
    expect(passageAt(PASSAGES, 3000)).toBe(2);
    expect(passageAt(PASSAGES, 99_999)).toBe(3);
  });

  it('is none before the first timed passage, in an untimed transcript or an empty one', () => {
    expect(passageAt([{ start: 30, text: 'Late start.' }], 10)).toBe(-1);
    expect(passageAt([{ start: null, text: 'Pasted without times.' }], 10)).toBe(-1);
    expect(passageAt([], 10)).toBe(-1);
  });

  it('skips untimed passages between timed ones', () => {
    const mixed = [
      { start: 0, text: 'a' },
      { start: null, text: 'b' },
      { start: 20, text: 'c' },
    ];
    expect(passageAt(mixed, 10)).toBe(0);
    expect(passageAt(mixed, 20)).toBe(2);
  });
});

describe('the moment a citation plays', () => {
  const videos = [
    { number: 1, videoId: 'dQw4w9WgXcQ', title: 'Own' },
    { number: 2, videoId: 'manualEn001', title: 'Second' },
    { number: 3, videoId: null, title: 'Pasted' },
  ];

  it('reads a link text as a whole citation only', () => {
    expect(citationOf('[02:05]')).toEqual({ source: null, seconds: 125 });
    expect(citationOf('[V2 14:05]')).toEqual({ source: 2, seconds: 845 });
    expect(citationOf('[1:02:05]')).toEqual({ source: null, seconds: 3725 });
    expect(citationOf('see [02:05]')).toBeNull();
    expect(citationOf('[02:75]')).toBeNull();
    expect(citationOf('Pricing talk')).toBeNull();
  });

  it("plays [mm:ss] on the chat's own video and [V2 mm:ss] on video 2, at that second", () => {
    expect(citedMoment(citationOf('[02:05]')!, videos)).toEqual({ video: videos[0], seconds: 125 });
    expect(citedMoment(citationOf('[V2 14:05]')!, videos)).toEqual({ video: videos[1], seconds: 845 });
  });

  it('plays nothing for a video without a YouTube video or an unknown number', () => {
    expect(citedMoment(citationOf('[V3 00:20]')!, videos)).toBeNull();
    expect(citedMoment(citationOf('[V9 00:20]')!, videos)).toBeNull();
    expect(citedMoment(citationOf('[00:20]')!, [videos[2]!])).toBeNull();
  });
});
