import { describe, expect, it } from 'vitest';
import { channelPagePath, parseChannelLink } from './channels';

describe('parseChannelLink', () => {
  it('reads handles, channel ids, legacy custom and user links, on any YouTube host and tab', () => {
    expect(parseChannelLink('https://www.youtube.com/@BakeryBiz')).toEqual({
      kind: 'handle',
      handle: '@bakerybiz',
    });
    expect(parseChannelLink('youtube.com/@bakery.biz/videos')).toEqual({
      kind: 'handle',
      handle: '@bakery.biz',
    });
    expect(parseChannelLink('  @Bakery_Biz ')).toEqual({ kind: 'handle', handle: '@bakery_biz' });
    expect(parseChannelLink('https://m.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw/featured')).toEqual({
      kind: 'id',
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
    });
    expect(parseChannelLink('https://www.youtube.com/c/BakeryBiz')).toEqual({
      kind: 'custom',
      path: 'c/bakerybiz',
    });
    expect(parseChannelLink('http://youtube.com/user/BakeryBiz')).toEqual({
      kind: 'custom',
      path: 'user/bakerybiz',
    });
  });

  it('takes any video link as its channel', () => {
    expect(parseChannelLink('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      kind: 'video',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(parseChannelLink('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toEqual({
      kind: 'video',
      videoId: 'dQw4w9WgXcQ',
    });
  });

  it('refuses what names no channel', () => {
    for (const link of [
      '',
      'bakery',
      '@ab',
      'https://example.com/@bakerybiz',
      'https://www.youtube.com/',
      'https://www.youtube.com/feed/trending',
      'https://www.youtube.com/channel/UCshort',
      'https://www.youtube.com/@',
      'javascript://www.youtube.com/@bakerybiz',
      'https://www.youtube.com/@bad%ZZhandle',
    ]) {
      expect(parseChannelLink(link), link).toBeNull();
    }
  });
});

describe('channelPagePath', () => {
  it('is the page YouTube serves for each kind of link', () => {
    expect(channelPagePath({ kind: 'handle', handle: '@bakerybiz' })).toBe('/@bakerybiz');
    expect(channelPagePath({ kind: 'id', channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' })).toBe(
      '/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    );
    expect(channelPagePath({ kind: 'custom', path: 'c/bäckerei' })).toBe('/c/b%C3%A4ckerei');
  });
});
