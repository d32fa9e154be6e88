import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher, ProxyAgent, fetch as undiciFetch } from 'undici';

/**
 * The one way the server calls another host on a user's behalf (decision 057): only to the hosts its
 * adapter names, over https, on public addresses, following at most a few redirects and each to such a
 * place. A name is resolved once, every address it has is checked, and the connection goes to a checked
 * address, so a name that changes its answer between check and connect (DNS rebinding) gains nothing.
 */

export type RefusalKind = 'place' | 'address' | 'redirect';

/** A request the outbound rules did not make (or stopped before following). */
export class OutboundRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly target: string,
  ) {
    super(`outbound request refused (${kind}): ${target}`);
    this.name = 'OutboundRefused';
  }
}

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba's metadata service is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved, up to 255.255.255.255
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64: whatever it translates to
  ['fc00::', 7], // unique local, AWS's metadata service fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
// An IPv4-mapped address (::ffff:127.0.0.1) is checked against the IPv4 ranges by BlockList itself.

/** Whether an address is on the public internet (not loopback, private, link-local, metadata or reserved). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves a name, refusing it when any of its addresses is not public; connects to the checked ones. */
function checkedLookup(resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family ?? 0, all: true }, (error, found) => {
      const addresses = found as unknown as LookupAddress[];
      if (error) return void callback(error, '', 0);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
        return void callback(new OutboundRefused('address', hostname), '', 0);
      if (options.all) return void (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface OutboundPolicy {
  /** The names the adapter's requests may go to: https, the default port, public addresses only. */
  hosts: readonly string[];
  /**
   * The adapter's base URLs as configured (YOUTUBE_BASE_URL…). One on the adapter's own hosts over https
   * is held to the rules above; any other is the operator's choice in place of the real service (a local
   * fake in tests, a transcript API on the operator's network) and is trusted at exactly that origin,
   * scheme and port included. Nothing a response says can add to it.
   */
  configured: readonly string[];
  /** Redirects followed for a GET, each to a place these rules allow; 0 refuses every redirect. */
  maxRedirects: number;
  /** An HTTP(S) proxy that makes every connection (YOUTUBE_PROXY_URL): it resolves the names. */
  proxyUrl?: string;
  /** Name resolution: dns.lookup, or a test's resolver. */
  lookup?: typeof dnsLookup;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const hrefOf = (input: Parameters<typeof globalThis.fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch that keeps to the policy; what it will not do it throws as OutboundRefused, before connecting. */
export function outboundFetch(policy: OutboundPolicy): typeof globalThis.fetch {
  const hosts = new Set(policy.hosts.map((host) => host.toLowerCase()));
  const isOwnHost = (url: URL) => url.protocol === 'https:' && url.port === '' && hosts.has(url.hostname);
  const trusted = new Set(
    policy.configured
      .map((configured) => new URL(configured))
      .flatMap((url) => (isOwnHost(url) ? [] : [url.origin])),
  );
  const proxy = policy.proxyUrl ? new ProxyAgent(policy.proxyUrl) : null;
  const checked = proxy ?? new Agent({ connect: { lookup: checkedLookup(policy.lookup ?? dnsLookup) } });
  const plain = proxy ?? new Agent();

  const dispatcherFor = (url: URL): Dispatcher => {
    if (url.username || url.password) throw new OutboundRefused('place', url.origin);
    if (trusted.has(url.origin)) return plain;
    if (!isOwnHost(url)) throw new OutboundRefused('place', url.origin);
    return checked;
  };

  return async (input, init = {}) => {
    let url = new URL(hrefOf(input));
    const method = (init.method ?? 'GET').toUpperCase();
    for (let redirects = 0; ; redirects++) {
      const response = await send(url, init, dispatcherFor(url));
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, url);
      if (redirects >= policy.maxRedirects || (method !== 'GET' && method !== 'HEAD'))
        throw new OutboundRefused('redirect', next.origin);
      url = next;
    }
  };
}

async function send(url: URL, init: RequestInit, dispatcher: Dispatcher): Promise<Response> {
  try {
    const response = await undiciFetch(url, {
      method: init.method,
      headers: init.headers as Record<string, string> | undefined,
      body: init.body as string | undefined,
      signal: init.signal,
      redirect: 'manual',
      dispatcher,
    });
    return response as unknown as Response;
  } catch (error) {
    // A refusal in the resolver reaches us as fetch's TypeError; it is ours to report as such.
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof OutboundRefused ? cause : error;
  }
}

/** The names of YouTube's pages, feeds, oEmbed and caption tracks. */
const YOUTUBE_HOSTS = ['www.youtube.com', 'youtube.com', 'm.youtube.com'];
/** The names of the YouTube Data API. */
const YOUTUBE_API_HOSTS = ['www.googleapis.com', 'youtube.googleapis.com'];
/** Redirects YouTube's pages may take (youtube.com to www.youtube.com, a trailing slash). */
export const YOUTUBE_MAX_REDIRECTS = 3;

/** YouTube's pages, feeds, oEmbed and caption tracks (YOUTUBE_BASE_URL), through YOUTUBE_PROXY_URL when set. */
export const youTubeFetch = (baseUrl: string, proxyUrl: string | undefined) =>
  outboundFetch({
    hosts: YOUTUBE_HOSTS,
    configured: [baseUrl],
    maxRedirects: YOUTUBE_MAX_REDIRECTS,
    proxyUrl,
  });

/** The YouTube Data API (YOUTUBE_API_URL): no redirect. */
export const youTubeApiFetch = (apiUrl: string) =>
  outboundFetch({ hosts: YOUTUBE_API_HOSTS, configured: [apiUrl], maxRedirects: 0 });

/** A service the operator configured by its URL alone (TRANSCRIPT_API_URL): that origin, no redirect. */
export const configuredServiceFetch = (url: string) =>
  outboundFetch({ hosts: [], configured: [url], maxRedirects: 0 });
