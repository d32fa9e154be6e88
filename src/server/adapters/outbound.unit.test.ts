import type { lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, startInternalService } from '../testing/internal-service';
import { isPublicAddress, OutboundRefused, outboundFetch } from './outbound';

/** A stand-in for YouTube at a configured origin: each path answers what the test set. */
let youtube: Server;
let youtubeUrl: string;
const redirects = new Map<string, string>();
const hits = new Map<string, number>();
let internal: Awaited<ReturnType<typeof startInternalService>>;

beforeAll(async () => {
  internal = await startInternalService();
  youtube = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const location = redirects.get(path);
    if (location) return void res.writeHead(302, { location }).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`page ${path}`);
  });
  await new Promise<void>((resolve) => youtube.listen(0, '127.0.0.1', resolve));
  youtubeUrl = `http://127.0.0.1:${(youtube.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await internal.close();
  await new Promise((resolve) => youtube.close(resolve));
});

const youtubeFetch = () =>
  outboundFetch({ hosts: ['www.youtube.com'], configured: [youtubeUrl], maxRedirects: 3 });

/** What a request ends in: the refusal's kind and target, or the body it got. */
async function outcomeOf(request: Promise<Response>) {
  try {
    return { body: await (await request).text() };
  } catch (error) {
    if (error instanceof OutboundRefused) return { refused: error.kind, target: error.target };
    throw error;
  }
}

describe('redirects from an allowed place', () => {
  it('follows a few within the allowed places', async () => {
    redirects.set('/@moved', '/@channel');
    expect(await outcomeOf(youtubeFetch()(`${youtubeUrl}/@moved`))).toEqual({ body: 'page /@channel' });
  });

  it('refuses one to loopback: the service there is never reached', async () => {
    redirects.set('/to-loopback', `${internal.url}/admin`);
    expect(await outcomeOf(youtubeFetch()(`${youtubeUrl}/to-loopback`))).toEqual({
      refused: 'place',
      target: internal.url,
    });
    expect(internal.connections()).toBe(0);
  });

  it('refuses one to a private range or the metadata service', async () => {
    for (const target of [
      'http://10.0.0.7',
      'https://192.168.1.1',
      'http://169.254.169.254',
      'http://[::1]',
    ]) {
      redirects.set('/to-private', `${target}/latest/meta-data/`);
      expect(await outcomeOf(youtubeFetch()(`${youtubeUrl}/to-private`)), target).toEqual({
        refused: 'place',
        target,
      });
    }
  });

  it('refuses one to a foreign host, over https or not', async () => {
    for (const target of ['https://example.com', 'http://www.youtube.com', 'https://www.youtube.com:8443']) {
      redirects.set('/to-foreign', `${target}/watch`);
      expect(await outcomeOf(youtubeFetch()(`${youtubeUrl}/to-foreign`)), target).toEqual({
        refused: 'place',
        target,
      });
    }
  });

  it('stops a redirect loop after the allowed number of hops', async () => {
    redirects.set('/loop', '/loop');
    expect(await outcomeOf(youtubeFetch()(`${youtubeUrl}/loop`))).toEqual({
      refused: 'redirect',
      target: youtubeUrl,
    });
    // The first request and three redirects followed; the fourth redirect is not.
    expect(hits.get('/loop')).toBe(4);
  });

  it('follows none for a POST, and none where the policy allows none', async () => {
    redirects.set('/player', '/elsewhere');
    const post = youtubeFetch()(`${youtubeUrl}/player`, { method: 'POST', body: '{}' });
    expect(await outcomeOf(post)).toMatchObject({ refused: 'redirect' });
    const noRedirects = outboundFetch({ hosts: [], configured: [youtubeUrl], maxRedirects: 0 });
    expect(await outcomeOf(noRedirects(`${youtubeUrl}/player`))).toMatchObject({ refused: 'redirect' });
    expect(hits.get('/elsewhere')).toBeUndefined();
  });
});

describe('places taken from a response', () => {
  it('refuses a caption URL on another host before fetching it', async () => {
    const captions = `${internal.url}/api/timedtext?v=manualEn001&lang=en`;
    expect(await outcomeOf(youtubeFetch()(captions))).toEqual({ refused: 'place', target: internal.url });
    expect(internal.connections()).toBe(0);
  });

  it('refuses credentials in a URL, even on an allowed origin', async () => {
    const withCredentials = youtubeUrl.replace('http://', 'http://user:pass@');
    expect(await outcomeOf(youtubeFetch()(`${withCredentials}/`))).toMatchObject({ refused: 'place' });
  });

  it('reaches a configured origin exactly as configured (what tests point at their fakes)', async () => {
    const toInternal = outboundFetch({ hosts: [], configured: [internal.url], maxRedirects: 0 });
    expect(await outcomeOf(toInternal(`${internal.url}/`))).toEqual({ body: SECRET });
    expect(internal.connections()).toBe(1);
  });
});

describe('addresses', () => {
  it('refuses an allowed name that resolves to 127.0.0.1: the resolver refuses it, so nothing connects', async () => {
    const localhost = outboundFetch({ hosts: ['localhost'], configured: [], maxRedirects: 0 });
    expect(await outcomeOf(localhost('https://localhost/admin'))).toEqual({
      refused: 'address',
      target: 'localhost',
    });
  });

  it('checks every address a name has, not only the first', async () => {
    const answers = [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    // A name server that answers one public and one private address, as a rebinding name would.
    const resolver = ((_name: string, _options: unknown, callback: (e: null, a: typeof answers) => void) =>
      callback(null, answers)) as unknown as typeof lookup;
    const rebinding = outboundFetch({
      hosts: ['www.youtube.com'],
      configured: [],
      maxRedirects: 0,
      lookup: resolver,
    });
    expect(await outcomeOf(rebinding('https://www.youtube.com/watch?v=manualEn001'))).toEqual({
      refused: 'address',
      target: 'www.youtube.com',
    });
  });

  it('tells public addresses from loopback, private, link-local, metadata and reserved ones', () => {
    const notPublic = [
      '127.0.0.1',
      '127.9.9.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.100.100.200',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      'not-an-address',
    ];
    for (const address of notPublic) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['142.250.185.78', '8.8.8.8', '172.32.0.1', '2a00:1450:4001:80e::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
