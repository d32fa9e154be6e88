import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for YouTube speaking its real shapes: watch pages with `ytInitialPlayerResponse`,
 * InnerTube's `player` endpoint (the Android client), timed text as JSON3 or srv3 XML, and oEmbed
 * (`/oembed?url=…&format=json`: 404 for a video that is not public). Each video id
 * plays one situation; `hits` counts requests per path so tests can see what was asked.
 */

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

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (url.pathname === '/watch') return watchPage(url.searchParams.get('v') ?? '', res);
    if (url.pathname === '/youtubei/v1/player') return player(req, res);
    if (url.pathname === '/api/timedtext') return timedText(url, res);
    if (url.pathname === '/oembed') return oembed(url, res);
    res.writeHead(404).end();
  });

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
      videoDetails: { videoId, title: video.title, lengthSeconds: '120' },
    };
    if (video.page === 'no-captions' || video.tracks.length === 0) return base;
    return {
      ...base,
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: video.tracks.map((track) => ({
            // Real tracks point at www.youtube.com; the adapter sends them to its configured origin.
            baseUrl: `https://www.youtube.com/api/timedtext?v=${videoId}&lang=${track.lang}${track.asr ? '&kind=asr' : ''}${video.poToken ? '&exp=xpe' : ''}&client=${client}`,
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
    hitsFor: (videoId: string) =>
      [...hits].filter(([key]) => key.includes(`:${videoId}`)).map(([key, n]) => `${key}=${n}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
