#!/usr/bin/env node
// Dev aid: screenshots of pages at desktop and phone width.
// node scripts/screenshot.mjs http://localhost:3000/auth out-prefix [cookie]
import { chromium } from '@playwright/test';

const [url, prefix = '.tmp/shot', cookie] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const [name, width] of [
  ['desktop', 1280],
  ['mobile', 375],
]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (cookie) {
    const [k, v] = cookie.split('=');
    await context.addCookies([{ name: k, value: v, url: new URL(url).origin }]);
  }
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: true });
  await context.close();
}
await browser.close();
console.log('saved', prefix);
