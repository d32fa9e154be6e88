import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * A stand-in for YouTube's IFrame Player API script (https://www.youtube.com/iframe_api), served from
 * its own origin on loopback. It offers the documented `YT.Player` surface (a constructor taking
 * onReady and onStateChange, seekTo, playVideo, pauseVideo, getCurrentTime, getPlayerState,
 * loadVideoById, destroy), calls `window.onYouTubeIframeAPIReady` once loaded, and records every call
 * that drives playback in `window.__fakeYouTube.calls`. Its clock stands still: the current time is
 * where the last seek or load left it, so nothing depends on how fast the machine runs.
 */
const SCRIPT = `(() => {
  const calls = [];
  window.__fakeYouTube = { calls };
  const record = (name, ...args) => calls.push({ name, args });
  const STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  class Player {
    constructor(element, options) {
      record('Player', { host: options.host, videoId: options.videoId });
      this.events = options.events || {};
      this.time = 0;
      this.state = STATE.UNSTARTED;
      // The real API replaces the element with its iframe; this one stays blank (no network here).
      const frame = document.createElement('iframe');
      frame.title = 'YouTube video player';
      frame.width = options.width;
      frame.height = options.height;
      frame.dataset.embed = options.host + '/embed/' + options.videoId;
      element.replaceWith(frame);
      this.frame = frame;
      setTimeout(() => this.events.onReady && this.events.onReady({ target: this }), 0);
    }
    changeState(state) {
      this.state = state;
      if (this.events.onStateChange) this.events.onStateChange({ target: this, data: state });
    }
    seekTo(seconds, allowSeekAhead) { record('seekTo', seconds, allowSeekAhead); this.time = seconds; }
    playVideo() { record('playVideo'); this.changeState(STATE.PLAYING); }
    pauseVideo() { record('pauseVideo'); this.changeState(STATE.PAUSED); }
    getCurrentTime() { return this.time; }
    getPlayerState() { return this.state; }
    loadVideoById(options) {
      record('loadVideoById', options);
      this.time = options.startSeconds || 0;
      this.frame.dataset.embed = this.frame.dataset.embed.replace(/[^/]+$/, options.videoId);
      this.changeState(STATE.PLAYING);
    }
    destroy() { record('destroy'); this.frame.remove(); }
  }
  window.YT = { Player, PlayerState: STATE, loaded: 1 };
  setTimeout(() => window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady(), 0);
})();`;

export interface FakePlayerCall {
  name: string;
  args: unknown[];
}

export async function startFakeYouTubePlayer() {
  const server = createServer((req, res) => {
    if (req.url !== '/iframe_api') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end(SCRIPT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    scriptUrl: `http://127.0.0.1:${port}/iframe_api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The calls the page made on its players, oldest first (none before the script loaded). */
export function playerCalls(page: Page): Promise<FakePlayerCall[]> {
  return page.evaluate(
    () => (window as unknown as { __fakeYouTube?: { calls: FakePlayerCall[] } }).__fakeYouTube?.calls ?? [],
  );
}
