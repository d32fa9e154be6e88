// Lighthouse (mobile emulation, simulated throttling) on the landing page of the built app, in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/lib/chromium.mjs';

export async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    return {
      scores: Object.fromEntries(
        Object.entries(categories).map(([id, c]) => [id, Math.round(c.score * 100)]),
      ),
      metrics: {
        'First Contentful Paint': audits['first-contentful-paint'].displayValue,
        'Largest Contentful Paint': audits['largest-contentful-paint'].displayValue,
        'Total Blocking Time': audits['total-blocking-time'].displayValue,
        'Cumulative Layout Shift': audits['cumulative-layout-shift'].displayValue,
        'Speed Index': audits['speed-index'].displayValue,
      },
    };
  } finally {
    await chrome.kill();
  }
}
