#!/usr/bin/env node
// Renders the app's PNG icons (web app manifest, Apple touch icon) from one SVG drawing, in Chromium.
// The PNGs are committed; run this again after changing the drawing: node scripts/app-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const outDir = path.resolve(import.meta.dirname, '..', 'public', 'icons');
const BRAND = '#2563eb';

/** The favicon's play mark on the brand colour; `inset` keeps it inside a maskable icon's safe zone. */
function drawing({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
    <rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="${BRAND}"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M12 10l10 6-10 6z" fill="#fff"/></g>
  </svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Maskable: full bleed, the mark within the central 80% that every mask shape keeps.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.1 },
  // iOS rounds the corners itself and shows transparency as black: square and opaque.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${drawing(icon)}</body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${path.relative(process.cwd(), outDir)}`);
