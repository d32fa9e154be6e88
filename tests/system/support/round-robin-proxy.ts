import http from 'node:http';

/**
 * A tiny load balancer for the tests: each request goes to the next backend in turn, bodies and
 * responses streamed (server-sent events included). `forcedBackend` pins the next requests.
 */
export async function startRoundRobinProxy(backends: string[], port: number) {
  let next = 0;
  const hits = backends.map(() => 0);
  const server = http.createServer((request, response) => {
    const index = next++ % backends.length;
    hits[index]! += 1;
    const target = new URL(request.url ?? '/', backends[index]);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, 'x-forwarded-for': '127.0.0.1' } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    /** How many requests each backend received. */
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
