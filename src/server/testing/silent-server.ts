import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

/**
 * A server that accepts connections, reads requests and never answers: what a YouTube behind a
 * black-holing firewall or proxy looks like from the app (each call waits for its timeout). Counts the
 * requests sent to it (a client may open spare connections, so those are not counted).
 */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => {
      requests += 1;
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
