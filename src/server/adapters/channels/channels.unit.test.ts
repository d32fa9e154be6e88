import { describe, expect, it } from 'vitest';
import { parseChannelFeed } from './channel-feed';
import { decodeHtml, readChannelPage, readWatchPageChannel } from './channel-page';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <title>Bakery &amp; Co</title>
 <entry>
  <id>yt:video:dQw4w9WgXcQ</id>
  <yt:videoId>dQw4w9WgXcQ</yt:videoId>
  <title>Pricing &amp; margins</title>
  <published>2026-05-01T12:00:00+00:00</published>
  <media:group>
   <media:thumbnail url="https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" width="480" height="360"/>
   <media:description>Line one
line two</media:description>
  </media:group>
 </entry>
 <entry><yt:videoId>not-an-id</yt:videoId><title>Broken</title><published>2026-05-01</published></entry>
</feed>`;

describe('parseChannelFeed', () => {
  it('reads each upload of an Atom feed as YouTube serves it, skipping entries without an id or date', () => {
    expect(parseChannelFeed(FEED)).toEqual([
      {
        videoId: 'dQw4w9WgXcQ',
        title: 'Pricing & margins',
        description: 'Line one\nline two',
        publishedAt: new Date('2026-05-01T12:00:00Z'),
        thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      },
    ]);
  });

  it('reads a feed without uploads as none, and anything else as no feed', () => {
    expect(
      parseChannelFeed(
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>',
      ),
    ).toEqual([]);
    expect(parseChannelFeed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toEqual([]);
    expect(parseChannelFeed('<!DOCTYPE html><html><body><p>Consent</body>')).toBeNull();
    expect(parseChannelFeed('{"items":[]}')).toBeNull();
    expect(parseChannelFeed('<rss><channel></channel></rss>')).toBeNull();
  });
});

describe('channel and watch pages', () => {
  it('reads the id from the canonical link, the name and avatar from Open Graph', () => {
    const html =
      '<html><head><link rel="canonical" href="https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw"><meta property="og:title" content="Bakery &amp; Co &#39;24"><meta property="og:image" content="https://yt3.googleusercontent.com/a=s900"></head></html>';
    expect(readChannelPage(html)).toEqual({
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      title: "Bakery & Co '24",
      avatarUrl: 'https://yt3.googleusercontent.com/a=s900',
    });
    expect(readChannelPage('<html><head><title>Oops</title></head></html>')).toBeNull();
  });

  it('finds a video’s channel in its watch page', () => {
    expect(readWatchPageChannel('<meta itemprop="channelId" content="UC_x5XG1OV2P6uZZ5FSM9Ttw">')).toBe(
      'UC_x5XG1OV2P6uZZ5FSM9Ttw',
    );
    expect(
      readWatchPageChannel(
        'var ytInitialPlayerResponse = {"videoDetails":{"channelId":"UC_x5XG1OV2P6uZZ5FSM9Ttw"}};',
      ),
    ).toBe('UC_x5XG1OV2P6uZZ5FSM9Ttw');
    expect(readWatchPageChannel('<html></html>')).toBeNull();
  });

  it('decodes character references and leaves unknown ones', () => {
    expect(decodeHtml('a &amp; b &#x27;c&#39; &quot;d&quot; &nope; &#0;')).toBe(`a & b 'c' "d" &nope; &#0;`);
  });
});
