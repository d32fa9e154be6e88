import { describe, expect, it } from 'vitest';
import { parseYouTubeVideoId, videoUrlAt, youTubeWatchUrl } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeVideoId', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`, ID],
    [`https://www.youtube.com/watch?feature=share&v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&list=PL123&index=2`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://music.youtube.com/watch?v=${ID}&si=abc`, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=xyz123`, ID],
    [`https://youtu.be/${ID}?t=90`, ID],
    [`youtu.be/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}?start=30`, ID],
    [`https://www.youtube.com/live/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}?si=abc`, ID],
    [`https://m.youtube.com/shorts/${ID}`, ID],
    [`https://WWW.YOUTUBE.COM/watch?v=${ID}`, ID],
    [`  https://www.youtube.com/watch?v=${ID}  `, ID],
    ['https://www.youtube.com/watch?v=a_b-C1d2E3f', 'a_b-C1d2E3f'],
    // invalid
    ['', null],
    ['not a url', null],
    ['https://www.youtube.com/watch?v=short', null],
    [`https://www.youtube.com/watch?v=${ID}X`, null],
    ['https://www.youtube.com/watch', null],
    ['https://www.youtube.com/', null],
    [`https://vimeo.com/${ID}`, null],
    [`https://www.youtube.com.evil.com/watch?v=${ID}`, null],
    [`https://evil.com/watch?v=${ID}`, null],
    [`https://youtu.be/${ID}/extra`, null],
    ['https://youtu.be/', null],
    [`ftp://www.youtube.com/watch?v=${ID}`, null],
    [`javascript:alert(1)//www.youtube.com/watch?v=${ID}`, null],
    [`https://www.youtube.com/channel/${ID}`, null],
    ['https://www.youtube.com/@somechannel', null],
    [`https://www.youtube.com/watch?v=dQw4w9WgX!Q`, null],
    [`https://www.youtube.com/shorts/${ID}/more`, null],
  ])('%s → %s', (url, expected) => {
    expect(parseYouTubeVideoId(url)).toBe(expected);
  });
});

describe('video links at a second', () => {
  it('builds watch links with t=<n>s', () => {
    expect(youTubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(videoUrlAt(`https://youtu.be/${ID}`, 75.9)).toBe(`https://www.youtube.com/watch?v=${ID}&t=75s`);
  });
});
