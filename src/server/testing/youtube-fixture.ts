import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/**
 * A local stand-in for YouTube speaking its real shapes: watch pages with `ytInitialPlayerResponse`,
 * InnerTube's `player` endpoint (the Android client), timed text as JSON3 or srv3 XML, and oEmbed
 * (`/oembed?url=…&format=json`: 404 for a video that is not public), channel pages (`/@handle`,
 * `/channel/UC…`, `/c/name`: the canonical link and Open Graph tags) and each channel's uploads feed
 * (`/feeds/videos.xml?channel_id=…`, Atom, with an ETag and Last-Modified it answers 304 to). Each
 * video id and channel plays one situation; `hits` counts requests per path so tests can see what was asked.
 * A test can make any page answer otherwise (a redirect, a block, a consent page) and point a video's
 * caption tracks at another host, as a hostile or poisoned answer would.
 */

/** What a page answers instead of itself. */
export interface FixtureAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** YouTube's cookie consent page, as a server outside the consent flow gets it. */
export const CONSENT_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Before you continue to YouTube</title></head><body><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="continue" value="https://www.youtube.com/"><button>Accept all</button></form></body></html>`;

interface Track {
  lang: string;
  asr?: boolean;
}

interface Video {
  title: string;
  /** what the watch page says */
  page: 'ok' | 'no-captions' | 'gone' | 'bot-check' | 'captcha' | 'http-429' | 'http-403';
  tracks: Track[];
  /** what InnerTube's player endpoint says */
  innertube: 'tracks' | 'http-403' | 'no-captions' | 'bot-check';
  /** the timed text: lines, or empty (as YouTube answers some servers) */
  timedText: 'lines' | 'empty';
  /**
   * The caption URLs carry `exp=xpe` (YouTube's proof-of-origin experiment): their timed text answers
   * an empty 200 to anyone without the player's token.
   */
  poToken?: boolean;
}

const LINES = [
  { start: 0.5, duration: 3, text: 'Welcome back to the channel' },
  { start: 4, duration: 4.5, text: 'today we talk about pricing &amp; retention' },
  { start: 75, duration: 5, text: 'raise prices for your best customers' },
];

export const FIXTURE_VIDEOS: Record<string, Video> = {
  manualEn001: {
    title: 'Pricing for bakeries',
    page: 'ok',
    tracks: [{ lang: 'en', asr: true }, { lang: 'fr' }, { lang: 'en' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  /** Spoken English (its automatic track), with the uploader's Spanish captions: the intake defaults to Spanish. */
  spanishEs01: {
    title: 'Precios para panaderías',
    page: 'ok',
    tracks: [{ lang: 'en', asr: true }, { lang: 'es' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  autoOnly001: {
    title: 'Auto captions',
    page: 'ok',
    tracks: [{ lang: 'de', asr: true }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  frOnly00001: {
    title: 'En français',
    page: 'ok',
    tracks: [{ lang: 'fr' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  noCaptions1: {
    title: 'Silent film',
    page: 'no-captions',
    tracks: [],
    innertube: 'no-captions',
    timedText: 'lines',
  },
  goneVideo01: { title: '', page: 'gone', tracks: [], innertube: 'http-403', timedText: 'lines' },
  botCheck001: {
    title: 'Blocked page',
    page: 'bot-check',
    tracks: [{ lang: 'en' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  botCheckDe1: {
    title: 'Blocked page, German first',
    page: 'bot-check',
    tracks: [{ lang: 'de' }, { lang: 'en' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  botCheckFr1: {
    title: 'Blocked page, French only',
    page: 'bot-check',
    tracks: [{ lang: 'fr' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  emptyTimed1: {
    title: 'Empty timed text',
    page: 'ok',
    tracks: [{ lang: 'en' }],
    innertube: 'tracks',
    timedText: 'lines',
  },
  captcha0001: {
    title: 'Captcha',
    page: 'captcha',
    tracks: [{ lang: 'en' }],
    innertube: 'http-403',
    timedText: 'lines',
  },
  blocked0001: {
    title: 'Blocked',
    page: 'http-429',
    tracks: [{ lang: 'en' }],
    innertube: 'http-403',
    timedText: 'lines',
  },
  poToken0001: {
    title: 'Captions behind a token',
    page: 'ok',
    tracks: [{ lang: 'en' }],
    innertube: 'tracks',
    timedText: 'lines',
    poToken: true,
  },
  cloudBlock1: {
    title: 'A cloud address',
    page: 'bot-check',
    tracks: [{ lang: 'en' }],
    innertube: 'bot-check',
    timedText: 'lines',
  },
  deniedPage1: {
    title: 'A refused address',
    page: 'http-403',
    tracks: [{ lang: 'en' }],
    innertube: 'http-403',
    timedText: 'lines',
  },
};

/** One upload of a fixture channel, as its feed lists it. */
export interface FixtureUpload {
  videoId: string;
  title: string;
  description: string;
  publishedAt: Date;
}

export interface FixtureChannel {
  id: string;
  /** lower-case, with its '@' */
  handle: string;
  /** the legacy custom link's name (/c/name), if any */
  customName?: string;
  title: string;
  avatarUrl: string;
  /** what its feed answers */
  feed: 'ok' | 'http-404' | 'http-500' | 'not-xml' | 'huge';
  uploads: FixtureUpload[];
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** The channel every fixture video belongs to: its watch pages name it. */
export const FIXTURE_CHANNEL_ID = 'UCvidvisorFixtures000001';

/** The fixture's channels, as each test's fixture starts them (tests publish more uploads). */
export function fixtureChannels(): FixtureChannel[] {
  const channel = (
    id: string,
    handle: string,
    title: string,
    feed: FixtureChannel['feed'],
    uploads: FixtureUpload[] = [],
  ) => ({
    id,
    handle,
    title,
    avatarUrl: `https://yt3.googleusercontent.com/${id}=s900-c-k-c0x00ffffff-no-rj`,
    feed,
    uploads,
  });
  return [
    {
      ...channel(FIXTURE_CHANNEL_ID, '@vidvisorfixtures', 'Vidvisor Fixtures', 'ok', [
        {
          videoId: 'manualEn001',
          title: 'Pricing for bakeries',
          description: 'How a small bakery prices its sourdough bread and pastries without losing regulars.',
          publishedAt: daysAgo(2),
        },
        {
          videoId: 'autoOnly001',
          title: 'Auto captions',
          description: 'Notes on hiring your first employee.',
          publishedAt: daysAgo(1),
        },
        {
          videoId: 'frOnly00001',
          title: 'En français',
          description: 'An older upload about sourdough bread.',
          publishedAt: daysAgo(30),
        },
      ]),
      customName: 'vidvisorfixtures',
    },
    channel('UCgoneChannel00000000001', '@gonechannel', 'Gone & Co', 'http-404'),
    channel('UCbrokenChannel000000001', '@brokenchannel', 'Broken Feed', 'http-500'),
    channel('UCnotXmlChannel000000001', '@notxmlchannel', 'Not a Feed', 'not-xml'),
    channel('UChugeFeedChannel0000001', '@hugefeed', 'Huge Feed', 'huge'),
  ];
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A channel's uploads feed as YouTube serves it (newest first, at most 15). */
function atomFeed(channel: FixtureChannel): string {
  const url = `https://www.youtube.com/channel/${channel.id}`;
  const entries = [...channel.uploads]
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, 15)
    .map(
      (upload) => ` <entry>
  <id>yt:video:${upload.videoId}</id>
  <yt:videoId>${upload.videoId}</yt:videoId>
  <yt:channelId>${channel.id}</yt:channelId>
  <title>${escapeXml(upload.title)}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${upload.videoId}"/>
  <author>
   <name>${escapeXml(channel.title)}</name>
   <uri>${url}</uri>
  </author>
  <published>${upload.publishedAt.toISOString().replace('Z', '+00:00')}</published>
  <updated>${upload.publishedAt.toISOString().replace('Z', '+00:00')}</updated>
  <media:group>
   <media:title>${escapeXml(upload.title)}</media:title>
   <media:content url="https://www.youtube.com/v/${upload.videoId}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/${upload.videoId}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${escapeXml(upload.description)}</media:description>
   <media:community>
    <media:starRating count="12" average="5.00" min="1" max="5"/>
    <media:statistics views="345"/>
   </media:community>
  </media:group>
 </entry>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channel.id}"/>
 <id>yt:channel:${channel.id.slice(2)}</id>
 <yt:channelId>${channel.id.slice(2)}</yt:channelId>
 <title>${escapeXml(channel.title)}</title>
 <link rel="alternate" href="${url}"/>
 <author>
  <name>${escapeXml(channel.title)}</name>
  <uri>${url}</uri>
 </author>
 <published>2015-03-01T10:00:00+00:00</published>
${entries.join('\n')}
</feed>`;
}

/** A channel page as YouTube serves it: the canonical link names the id, Open Graph the name and avatar. */
function channelPage(channel: FixtureChannel): string {
  const title = escapeXml(channel.title);
  const data = { metadata: { channelMetadataRenderer: { title: channel.title, externalId: channel.id } } };
  return `<!DOCTYPE html><html lang="en"><head><title>${title} - YouTube</title><link rel="canonical" href="https://www.youtube.com/channel/${channel.id}"><meta property="og:title" content="${title}"><meta property="og:image" content="${channel.avatarUrl}"><meta property="og:url" content="https://www.youtube.com/channel/${channel.id}"></head><body><script nonce="x">var ytInitialData = ${JSON.stringify(data)};</script></body></html>`;
}

/** A feed that never ends well: 50 MB of entries, streamed without a length. */
function hugeFeed(): Readable {
  const entry = Buffer.from(`<entry><title>${'x'.repeat(1_000)}</title></entry>\n`);
  const times = Math.ceil((50 * 1024 * 1024) / entry.byteLength);
  return Readable.from(
    (function* () {
      yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">');
      for (let i = 0; i < times; i++) yield entry;
    })(),
  );
}

/** What YouTube answers a flagged (often cloud) address instead of the player response. */
const BOT_CHECK = {
  playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot' },
};

/** The channel oEmbed names for every fixture video. */
export const OEMBED_CHANNEL = 'Vidvisor Fixtures';

/** What oEmbed tells of a fixture video, as the video catalogue reads it (no length, date or views). */
export function oembedDetails(videoId: string) {
  return {
    videoId,
    title: FIXTURE_VIDEOS[videoId]!.title,
    channel: OEMBED_CHANNEL,
    description: '',
    durationSeconds: null,
    publishedOn: null,
    thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    viewCount: null,
  };
}

export async function startYouTubeFixture() {
  const hits = new Map<string, number>();
  const count = (key: string) => hits.set(key, (hits.get(key) ?? 0) + 1);
  let origin = '';

  const channels = new Map(fixtureChannels().map((channel) => [channel.id, channel]));
  /** Answers given instead of a page, by its path and query as requested (extra query parameters allowed). */
  const answers = new Map<string, FixtureAnswer>();
  /** The origin each video's caption tracks name instead of https://www.youtube.com. */
  const captionOrigins = new Map<string, string>();
  const answerFor = (requested: string) =>
    [...answers].find(([path]) => requested === path || requested.startsWith(`${path}&`))?.[1];
  /** Each channel's feed version: a new upload makes a new ETag and Last-Modified. */
  const feedVersions = new Map<string, number>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const answer = answerFor(req.url ?? '/');
    if (answer) {
      count(`answer:${req.url}`);
      return void res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    }
    if (url.pathname === '/feeds/videos.xml') return feed(req, url.searchParams.get('channel_id') ?? '', res);
    const channel = channelOfPath(decodeURIComponent(url.pathname));
    if (channel !== undefined) return void sendChannelPage(channel, res);
    if (url.pathname === '/watch') return watchPage(url.searchParams.get('v') ?? '', res);
    if (url.pathname === '/youtubei/v1/player') return player(req, res);
    if (url.pathname === '/api/timedtext') return timedText(url, res);
    if (url.pathname === '/oembed') return oembed(url, res);
    res.writeHead(404).end();
  });

  /** The channel a channel-page path names: undefined when the path is no channel page, null when none has it. */
  function channelOfPath(path: string): FixtureChannel | null | undefined {
    const [first, second] = path.split('/').filter(Boolean);
    if (!first) return undefined;
    const all = [...channels.values()];
    if (first.startsWith('@')) return all.find((c) => c.handle === first.toLowerCase()) ?? null;
    if (first === 'channel') return channels.get(second ?? '') ?? null;
    if (first === 'c' || first === 'user')
      return all.find((c) => c.customName === second?.toLowerCase()) ?? null;
    return undefined;
  }

  function sendChannelPage(channel: FixtureChannel | null, res: ServerResponse) {
    count(`channel:${channel?.id ?? 'missing'}`);
    if (!channel)
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(channelPage(channel));
  }

  function feed(req: IncomingMessage, channelId: string, res: ServerResponse) {
    const channel = channels.get(channelId);
    const version = feedVersions.get(channelId) ?? 1;
    const etag = `"${channelId}-${version}"`;
    const lastModified = new Date(Date.UTC(2026, 0, 1) + version * 60_000).toUTCString();
    if (channel?.feed === 'ok' && req.headers['if-none-match'] === etag) {
      count(`feed304:${channelId}`);
      return void res.writeHead(304, { etag, 'last-modified': lastModified }).end();
    }
    count(`feed:${channelId}`);
    if (!channel || channel.feed === 'http-404') return void res.writeHead(404).end('<html>Not Found</html>');
    if (channel.feed === 'http-500') return void res.writeHead(500).end('<html>Internal Server Error</html>');
    if (channel.feed === 'not-xml')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body><p>Consent</body>');
    if (channel.feed === 'huge') {
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      return void hugeFeed().pipe(res);
    }
    res
      .writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', etag, 'last-modified': lastModified })
      .end(atomFeed(channel));
  }

  function oembed(url: URL, res: ServerResponse) {
    const videoId =
      new URL(url.searchParams.get('url') ?? '', 'https://www.youtube.com').searchParams.get('v') ?? '';
    count(`oembed:${videoId}`);
    const video = FIXTURE_VIDEOS[videoId];
    if (!video || video.page === 'gone') return void res.writeHead(404).end('Not Found');
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        title: video.title,
        author_name: OEMBED_CHANNEL,
        author_url: 'https://www.youtube.com/@vidvisorfixtures',
        type: 'video',
        height: 113,
        width: 200,
        version: '1.0',
        provider_name: 'YouTube',
        provider_url: 'https://www.youtube.com/',
        thumbnail_height: 360,
        thumbnail_width: 480,
        thumbnail_url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${videoId}?feature=oembed" frameborder="0" allowfullscreen title="${video.title}"></iframe>`,
      }),
    );
  }

  function watchPage(videoId: string, res: ServerResponse) {
    count(`watch:${videoId}`);
    const video = FIXTURE_VIDEOS[videoId];
    if (video?.page === 'http-429') return void res.writeHead(429).end('Too Many Requests');
    if (video?.page === 'http-403') return void res.writeHead(403).end('Forbidden');
    if (video?.page === 'captcha') {
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<form><div class="g-recaptcha"></div></form>');
    }
    const response = video
      ? playerResponse(videoId, video, 'web')
      : { playabilityStatus: { status: 'ERROR', reason: 'Video unavailable' } };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html><head><title>${video?.title ?? ''} - YouTube</title></head><body><script nonce="x">var ytInitialPlayerResponse = ${JSON.stringify(response)};var meta = document.createElement('meta');</script></body></html>`,
    );
  }

  async function player(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}') as {
      videoId?: string;
      context?: { client?: { clientName?: string } };
    };
    const videoId = body.videoId ?? '';
    count(`player:${videoId}`);
    const video = FIXTURE_VIDEOS[videoId];
    if (!video || video.innertube === 'http-403') return void res.writeHead(403).end('{}');
    const response =
      video.innertube === 'no-captions'
        ? { playabilityStatus: { status: 'OK' }, videoDetails: { title: video.title } }
        : video.innertube === 'bot-check'
          ? BOT_CHECK
          : playerResponse(videoId, video, 'android');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response));
  }

  function playerResponse(videoId: string, video: Video, client: 'web' | 'android') {
    if (video.page === 'gone') return { playabilityStatus: { status: 'ERROR', reason: 'Video unavailable' } };
    if (video.page === 'bot-check' && client === 'web') return BOT_CHECK;
    const base = {
      playabilityStatus: { status: 'OK', playableInEmbed: true },
      videoDetails: { videoId, title: video.title, lengthSeconds: '120', channelId: FIXTURE_CHANNEL_ID },
    };
    if (video.page === 'no-captions' || video.tracks.length === 0) return base;
    return {
      ...base,
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: video.tracks.map((track) => ({
            // Real tracks point at www.youtube.com; the adapter sends them to its configured origin.
            baseUrl: `${captionOrigins.get(videoId) ?? 'https://www.youtube.com'}/api/timedtext?v=${videoId}&lang=${track.lang}${track.asr ? '&kind=asr' : ''}${video.poToken ? '&exp=xpe' : ''}&client=${client}`,
            name: { simpleText: track.lang },
            vssId: `${track.asr ? 'a' : ''}.${track.lang}`,
            languageCode: track.lang,
            ...(track.asr ? { kind: 'asr' } : {}),
            isTranslatable: true,
          })),
        },
      },
    };
  }

  function timedText(url: URL, res: ServerResponse) {
    const videoId = url.searchParams.get('v') ?? '';
    const lang = url.searchParams.get('lang') ?? '';
    const kind = url.searchParams.get('kind') === 'asr' ? 'asr' : 'manual';
    const format = url.searchParams.get('fmt') ?? 'srv1';
    count(`timedtext:${videoId}:${lang}:${kind}:${format}:${url.searchParams.get('client')}`);
    const video = FIXTURE_VIDEOS[videoId];
    // YouTube answers web-client timed text with an empty body to many servers; the Android client's works.
    const empty =
      video?.timedText === 'empty' ||
      url.searchParams.get('exp') === 'xpe' ||
      (videoId === 'emptyTimed1' && url.searchParams.get('client') === 'web');
    if (!video || empty) return void res.writeHead(200, { 'content-type': 'text/html' }).end('');
    const lines = LINES.map((line) => ({
      ...line,
      text: `${line.text} (${lang}${kind === 'asr' ? ' auto' : ''})`,
    }));
    if (format === 'json3') {
      const events = lines.map((line) => ({
        tStartMs: line.start * 1000,
        dDurationMs: line.duration * 1000,
        segs: [{ utf8: line.text.replace('&amp;', '&') }],
      }));
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ wireMagic: 'pb3', events }));
    }
    if (format === 'srv3') {
      const ps = lines
        .map((l) => `<p t="${l.start * 1000}" d="${l.duration * 1000}"><s>${l.text}</s></p>`)
        .join('');
      return void res
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(`<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${ps}</body></timedtext>`);
    }
    const texts = lines.map((l) => `<text start="${l.start}" dur="${l.duration}">${l.text}</text>`).join('');
    res
      .writeHead(200, { 'content-type': 'text/xml' })
      .end(`<?xml version="1.0" encoding="utf-8" ?><transcript>${texts}</transcript>`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseURL: origin,
    hits,
    /** A channel of a test's own. */
    addChannel(channel: FixtureChannel) {
      channels.set(channel.id, channel);
    },
    /** What a page (its path and query, as requested) answers from now on instead of itself. */
    answer(path: string, answer: FixtureAnswer) {
      answers.set(path, answer);
    },
    /** A video's caption tracks name this origin instead of YouTube's. */
    poisonCaptions(videoId: string, origin: string) {
      captionOrigins.set(videoId, origin);
    },
    /** What a channel's feed answers from now on. */
    setFeed(channelId: string, feed: FixtureChannel['feed']) {
      channels.get(channelId)!.feed = feed;
    },
    /** A new upload on a channel: its feed lists it, with a new ETag. */
    publish(channelId: string, upload: FixtureUpload) {
      channels.get(channelId)!.uploads.push(upload);
      feedVersions.set(channelId, (feedVersions.get(channelId) ?? 1) + 1);
    },
    hitsFor: (videoId: string) =>
      [...hits].filter(([key]) => key.includes(`:${videoId}`)).map(([key, n]) => `${key}=${n}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
