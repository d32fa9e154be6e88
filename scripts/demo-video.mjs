#!/usr/bin/env node
// npm run demo:video: records the landing page's demo. Drives the built app in Debian's Chromium through
// a consultation (paste a transcript, the answer streams in, a [mm:ss] link, the usage panel), captures
// the frames with Chromium's screencast, and encodes them with Debian's ffmpeg (installed when missing)
// into public/demo: a VP9 WebM, an H.264 MP4 (each at most 2 MB) and a poster frame.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { PROFILE } from '../bench/journey.mjs';
import { startAppServer } from './lib/app-server.mjs';
import { aptInstall } from './lib/apt.mjs';
import { buildIsStale } from './lib/build-state.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const DEMO_DIR = path.join(root, 'public', 'demo');
/** The files the landing page references (src/web/features/landing/demo-files.ts), under public/. */
export const DEMO_FILES = {
  webm: 'vidvisor-demo.webm',
  mp4: 'vidvisor-demo.mp4',
  poster: 'vidvisor-demo-poster.webp',
};
export const MAX_VIDEO_BYTES = 2_000_000;
const SIZE = { width: 1280, height: 720 };
const FPS = 25;

const TRANSCRIPT = `0:00
Today: pricing for small food businesses, and why most bakeries charge too little.
0:18
Your regulars are not price shoppers. They come for freshness and for the habit.
0:41
A subscription box turns that habit into revenue you can plan your baking around.
1:15
Raise prices for your best customers first, and give them something extra: early delivery, a monthly special.
1:52
Referrals beat ads. Reward both the old and the new customer and acquisition costs fall.
2:30
Churn after the first month usually means the box feels the same every week. Rotate one item.
3:05
Test one change at a time for four weeks, then keep what moved revenue.`;
const VIDEO_LINK = 'https://www.youtube.com/watch?v=vidvisorDem';
const FOLLOW_UP = 'How do I keep subscribers after the first month?';

/**
 * The concat list ffmpeg reads: each screencast frame shown until the next one arrived (Chromium sends a
 * frame only when the page changed), the last one held for `holdSeconds`.
 */
export function concatList(frames, holdSeconds = 1) {
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, index) => {
    const next = frames[index + 1];
    const duration = next ? Math.max(next.at - frame.at, 0.001) : holdSeconds;
    lines.push(`file '${frame.file}'`, `duration ${duration.toFixed(3)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  if (frames.length > 0) lines.push(`file '${frames.at(-1).file}'`);
  return `${lines.join('\n')}\n`;
}

function ensureFfmpeg() {
  if (existsSync('/usr/bin/ffmpeg')) return;
  aptInstall('ffmpeg', {
    hint: 'ffmpeg is missing: install Debian’s ffmpeg package (apt-get install ffmpeg).',
  });
}

const ffmpeg = (args) =>
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/**
 * Drawn into the recorded page: a cursor (headless Chromium draws none), the link preview a browser
 * shows at the bottom left while a link is hovered, and a caption in the header's empty middle.
 */
function installOverlay() {
  const style = document.createElement('style');
  style.textContent = `
    #demo-cursor { position: fixed; z-index: 2147483647; width: 22px; height: 22px; pointer-events: none;
      left: 0; top: 0; transform: translate(-3px, -2px); transition: transform 60ms; }
    #demo-cursor.down { transform: translate(-3px, -2px) scale(0.85); }
    #demo-caption { position: fixed; z-index: 2147483646; top: 14px; transform: translateX(-50%);
      padding: 7px 16px; border-radius: 999px; background: rgb(15, 23, 42); color: white;
      font: 600 15px/1.4 system-ui, sans-serif; white-space: nowrap; pointer-events: none; }
    #demo-caption:empty, #demo-link:empty { display: none; }
    #demo-link { position: fixed; z-index: 2147483646; left: 0; bottom: 0; padding: 3px 8px;
      background: #f1f3f4; border: 1px solid #dadce0; border-radius: 0 6px 0 0; color: #3c4043;
      font: 12px/1.4 system-ui, sans-serif; pointer-events: none; }`;
  const cursor = document.createElement('div');
  cursor.id = 'demo-cursor';
  cursor.innerHTML =
    '<svg viewBox="0 0 24 24" width="22" height="22"><path d="M3 2l7 19 2.6-7.6L20 11z" fill="#111" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>';
  const caption = document.createElement('div');
  caption.id = 'demo-caption';
  const linkPreview = document.createElement('div');
  linkPreview.id = 'demo-link';
  const attach = () => document.body.append(style, cursor, caption, linkPreview);
  if (document.body) attach();
  else addEventListener('DOMContentLoaded', attach);
  addEventListener(
    'mousemove',
    (event) => {
      cursor.style.left = `${event.clientX}px`;
      cursor.style.top = `${event.clientY}px`;
    },
    true,
  );
  addEventListener(
    'mouseover',
    (event) => {
      linkPreview.textContent = event.target.closest?.('a[href^="http"]')?.href ?? '';
    },
    true,
  );
  addEventListener('mousedown', () => cursor.classList.add('down'), true);
  addEventListener('mouseup', () => cursor.classList.remove('down'), true);
  // Centred in the header's free middle, between the logo and the links.
  window.demoCaption = (text) => {
    caption.textContent = text;
    const logo = document.querySelector('header a').getBoundingClientRect();
    const links = document.querySelector('header nav').getBoundingClientRect();
    caption.style.left = `${(logo.right + links.left) / 2}px`;
  };
}

/** Signs up through the API, confirms by the e-mailed link, and passes the gates (profile, Free). */
async function signIn(page, server) {
  const email = `maya-${Date.now()}@vidvisor.test`;
  const origin = { origin: server.baseURL };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'sourdough-42', name: 'Maya Okafor' },
    headers: origin,
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()}`);
  await page.goto((await server.waitForMail(email, 'verification')).links[0]);
  const profile = { ...PROFILE, firstName: 'Maya', lastName: 'Okafor' };
  for (const [method, url, data] of [
    ['PUT', '/api/profile', profile],
    ['POST', '/api/billing/free-plan', { planId: 'free' }],
  ]) {
    const response = await page.request.fetch(url, { method, data, headers: origin });
    if (!response.ok()) throw new Error(`${method} ${url} failed: ${response.status()}`);
  }
}

/** The consultation, acted out at a watchable pace; the screencast records it. `mark` names a moment. */
async function actOut(page, mark) {
  const caption = (text) => page.evaluate((value) => window.demoCaption(value), text);
  const pause = (ms) => page.waitForTimeout(ms);
  const moveTo = async (locator) => {
    const box = await locator.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 18 });
  };
  const clickOn = async (locator) => {
    await moveTo(locator);
    await pause(150);
    await locator.click();
  };

  await page.mouse.move(640, 360);
  await caption('Paste a video link or a transcript');
  await pause(1200);
  await clickOn(page.getByRole('tab', { name: 'Manual Transcript' }));
  const transcript = page.getByLabel('Transcript', { exact: true });
  await clickOn(transcript);
  await transcript.fill(TRANSCRIPT);
  await pause(600);
  const link = page.getByLabel('YouTube link (optional)');
  await clickOn(link);
  await link.fill(VIDEO_LINK);
  await pause(400);
  await clickOn(page.getByRole('button', { name: 'Analyze' }));

  await page.waitForURL(/\/chat\//);
  await caption('The answer streams in, for your business');
  const answer = page.locator('article').filter({ hasText: 'Here are the moments' }).first();
  await answer.getByText(/Tokens: [1-9]/).waitFor({ timeout: 60_000 });
  await pause(300);
  mark('answered');
  await pause(500);

  const citation = answer.getByRole('link', { name: /^\[\d\d:\d\d\]$/ }).nth(2);
  const moment = (await citation.textContent()).slice(1, -1);
  await caption(`[${moment}] opens the video at ${moment.replace(/^0/, '')}`);
  await citation.scrollIntoViewIfNeeded();
  await moveTo(citation);
  await pause(2200);

  await caption('Ask follow-up questions');
  const input = page.getByRole('textbox', { name: /message/i });
  await clickOn(input);
  await input.pressSequentially(FOLLOW_UP, { delay: 28 });
  await page.keyboard.press('Enter');
  await page
    .locator('article')
    .filter({ hasText: 'bears on your question' })
    .getByText(/Tokens: [1-9]/)
    .waitFor({ timeout: 60_000 });
  await pause(900);

  await caption('Usage this month, against your plan');
  await clickOn(page.getByRole('banner').getByRole('link', { name: 'Dashboard' }));
  const usage = page.getByRole('heading', { name: 'Token Usage History' });
  await usage.waitFor();
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' }));
  await pause(600);
  await moveTo(page.getByText(/\/ 30,000 tokens/));
  await pause(3000);
}

async function record(server, workDir) {
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--hide-scrollbars'],
  });
  try {
    const context = await browser.newContext({
      viewport: SIZE,
      deviceScaleFactor: 1,
      baseURL: server.baseURL,
    });
    await context.addInitScript(installOverlay);
    const page = await context.newPage();
    await signIn(page, server);
    await page.goto('/consult');
    await page.getByRole('heading', { name: 'Smart Business Assistant' }).waitFor();

    const frames = [];
    const marks = {};
    const screencast = await context.newCDPSession(page);
    screencast.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
      const file = path.join(workDir, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
      writeFileSync(file, Buffer.from(data, 'base64'));
      frames.push({ file, at: metadata.timestamp });
      screencast.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    await screencast.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 95,
      maxWidth: SIZE.width,
      maxHeight: SIZE.height,
    });
    await actOut(page, (name) => {
      marks[name] = frames.length - 1;
    });
    await screencast.send('Page.stopScreencast');
    return { frames, posterFrame: frames[marks.answered] };
  } finally {
    await browser.close();
  }
}

/** Encodes within the size budget: a higher constant-quality number (smaller file) until it fits. */
function encodeWithin(output, codecArgs, qualities) {
  for (const quality of qualities) {
    ffmpeg([...codecArgs(quality), output]);
    const bytes = statSync(output).size;
    console.log(`${path.basename(output)}: ${(bytes / 1024).toFixed(0)} KB at quality ${quality}`);
    if (bytes <= MAX_VIDEO_BYTES) return;
  }
  throw new Error(`${output} stays over ${MAX_VIDEO_BYTES} bytes`);
}

function encode({ frames, posterFrame }, workDir) {
  const list = path.join(workDir, 'frames.ffconcat');
  writeFileSync(list, concatList(frames));
  const input = ['-f', 'concat', '-safe', '0', '-i', list, '-vf', `fps=${FPS},format=yuv420p`, '-an'];
  mkdirSync(DEMO_DIR, { recursive: true });
  encodeWithin(
    path.join(DEMO_DIR, DEMO_FILES.webm),
    (crf) => [
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(crf),
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
    ],
    [38, 42, 46, 50],
  );
  encodeWithin(
    path.join(DEMO_DIR, DEMO_FILES.mp4),
    (crf) => [...input, '-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-movflags', '+faststart'],
    [28, 31, 34, 37],
  );
  // The poster: the answer with its [mm:ss] links, just streamed in.
  ffmpeg([
    '-i',
    posterFrame.file,
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    path.join(DEMO_DIR, DEMO_FILES.poster),
  ]);
  const seconds = frames.at(-1).at - frames[0].at + 1;
  console.log(
    `${frames.length} frames, ${seconds.toFixed(1)} s, written to ${path.relative(root, DEMO_DIR)}`,
  );
}

async function main() {
  ensureFfmpeg();
  if (buildIsStale()) {
    const { buildAll } = await import('./build.mjs');
    await buildAll({ quiet: true });
  }
  const server = await startAppServer();
  const workDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-demo-'));
  try {
    const recording = await record(server, workDir);
    if (recording.frames.length < FPS)
      throw new Error(`only ${recording.frames.length} frames were captured`);
    encode(recording, workDir);
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
