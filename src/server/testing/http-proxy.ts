import { createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/**
 * A local HTTP proxy that tunnels CONNECT requests, as corporate and residential proxies do, recording
 * each tunnel's target and Proxy-Authorization. With `credentials`, other credentials get a 407; `hosts`
 * are names only the proxy resolves (so a request that goes around it fails).
 */
export async function startHttpProxy(
  options: { credentials?: { user: string; password: string }; hosts?: Record<string, string> } = {},
) {
  const tunnels: { target: string; authorization: string | undefined }[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const server = createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head) => {
    const authorization = req.headers['proxy-authorization'];
    tunnels.push({ target: req.url ?? '', authorization });
    if (expected && authorization !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const target = connect(Number(port), options.hosts?.[host!] ?? host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.write(head);
      target.pipe(client);
      client.pipe(target);
    });
    sockets.add(target);
    target.once('close', () => sockets.delete(target));
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.password)}@`
    : '';
  return {
    url: `http://${auth}127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
