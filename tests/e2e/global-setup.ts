import { buildIsStale } from '../../scripts/lib/build-state.mjs';
import { ensureChromium } from '../../scripts/lib/chromium.mjs';

/** Journeys run against the production build in Debian's Chromium: make sure both are there. */
export default async function globalSetup() {
  ensureChromium();
  if (buildIsStale()) {
    const { buildAll } = await import('../../scripts/build.mjs');
    await buildAll({ quiet: true });
  }
}
