/** A fetch-like client for `app.request()` with a cookie jar, like one browser. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly fetcher: (
      path: string,
      init: RequestInit,
      env?: unknown,
    ) => Response | Promise<Response>,
    private readonly origin: string,
    /** The client's IP address, as the socket would give it (for rate limits). */
    readonly ip = '127.0.0.1',
  ) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    // As a browser's fetch does: without it, the body limit re-wraps the request, whose link to the
    // caller's abort signal is then held by nothing once the route has run.
    if (typeof body === 'string' && !headers.has('content-length')) {
      headers.set('content-length', String(Buffer.byteLength(body)));
    }
    const response = await this.fetcher(
      path,
      { ...init, method, headers, body },
      {
        incoming: { socket: { remoteAddress: this.ip } },
      },
    );
    this.storeCookies(response);
    return response;
  }

  /** The `Cookie` header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(path: string, init: RequestInit = {}) {
    return this.request(path, init);
  }
  post(path: string, json?: unknown, init: RequestInit = {}) {
    return this.request(path, { ...init, method: 'POST', json: json ?? {} });
  }
  put(path: string, json?: unknown) {
    return this.request(path, { method: 'PUT', json: json ?? {} });
  }
  patch(path: string, json?: unknown) {
    return this.request(path, { method: 'PATCH', json: json ?? {} });
  }
  delete(path: string, json?: unknown) {
    return this.request(path, { method: 'DELETE', ...(json === undefined ? {} : { json }) });
  }

  /** The JSON body of a request, asserting its status (typed loosely: tests read the fields they assert). */
  // biome-ignore lint/suspicious/noExplicitAny: test convenience, every use is followed by assertions
  async json<T = any>(
    path: string,
    init: RequestInit & { json?: unknown } = {},
    expectedStatus = 200,
  ): Promise<T> {
    const response = await this.request(path, init);
    const text = await response.text();
    if (response.status !== expectedStatus) {
      throw new Error(
        `${init.method ?? 'GET'} ${path}: expected ${expectedStatus}, got ${response.status}: ${text}`,
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private storeCookies(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
