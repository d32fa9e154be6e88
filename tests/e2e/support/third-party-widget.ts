import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a third-party support widget's script, served from its own origin on loopback: it
 * mounts a launcher named 'Chat with us' (titled with the user's e-mail) where Vidvisor tells it to.
 */
const SCRIPT = `(() => {
  const support = window.VidvisorSupport;
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = 'Chat with us';
  launcher.title = support.email;
  Object.assign(launcher.style, { position: 'fixed', bottom: '16px', left: '16px', zIndex: '40' });
  support.container.append(launcher);
})();`;

export async function startThirdPartyWidget() {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(SCRIPT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    scriptUrl: `http://127.0.0.1:${port}/widget.js`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
