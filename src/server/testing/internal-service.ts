import { type AddressInfo, createServer, type Socket } from 'node:net';

export const SECRET = 'internal-secret';

/**
 * What a server-side request forgery is after: a service on the server's own network (an admin port, a
 * metadata endpoint) that answers anyone who reaches it. Counts every connection, so a test can show
 * the app never reached it, not merely that it did not show the answer.
 */
export async function startInternalService() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', () =>
      socket.end(`HTTP/1.1 200 OK\r\ncontent-length: ${SECRET.length}\r\n\r\n${SECRET}`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
