import { ProxyAgent, fetch as undiciFetch } from 'undici';

/**
 * A fetch whose every request goes through an HTTP(S) proxy (a CONNECT tunnel per origin), for
 * YOUTUBE_PROXY_URL: YouTube blocks many cloud addresses, so only its requests take the proxy. Credentials
 * in the URL (`http://user:pass@host:port`) are sent as Proxy-Authorization. Undici's own fetch is used
 * with its own agent, so the two always agree.
 */
export function fetchThroughProxy(proxyUrl: string): typeof globalThis.fetch {
  const dispatcher = new ProxyAgent(proxyUrl);
  return (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    const { signal, headers, method, body } = init ?? {};
    return undiciFetch(url, {
      signal,
      method,
      headers: headers as Record<string, string> | undefined,
      body: body as string | undefined,
      dispatcher,
    }) as unknown as Promise<Response>;
  };
}
