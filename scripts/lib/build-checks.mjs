// Checks on the production build: no secret in the browser's files, and the landing page's
// first-load JavaScript within its budget (read from Vite's manifest).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_BYTES = 100 * 1024;

/** A random value for one run: nothing key-shaped is stored in the repository. */
const fakeValue = (name) => `fake-${name}-${randomBytes(16).toString('hex')}`;

/** Fake keys set in the environment while building (new each run); none may appear in dist/web. */
export const FAKE_SECRETS = {
  OPENAI_API_KEY: fakeValue('openai'),
  STRIPE_SECRET_KEY: fakeValue('stripe'),
  STRIPE_WEBHOOK_SECRET: fakeValue('webhook'),
  BETTER_AUTH_SECRET: fakeValue('auth'),
  GOOGLE_CLIENT_SECRET: fakeValue('google'),
  TRANSCRIPT_API_KEY: fakeValue('transcript'),
  SMTP_URL: `smtp://mailer:${fakeValue('smtp')}@smtp.example.com:587`,
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every file of the web build that contains one of the fake secrets (or its distinctive part). */
export function findSecretsInBuild(webRoot) {
  const needles = Object.values(FAKE_SECRETS).map(
    (value) => value.replace(/^smtp:\/\/mailer:/, '').split('@')[0],
  );
  const leaks = [];
  for (const file of filesUnder(webRoot)) {
    if (/\.(br|gz|png|jpg|webp|ico|webm|mp4)$/.test(file)) continue;
    const content = readFileSync(file, 'utf8');
    for (const needle of needles)
      if (content.includes(needle)) leaks.push(`${path.relative(webRoot, file)}: ${needle}`);
  }
  return leaks;
}

/** The landing entry's JS and every chunk it statically imports, gzip-compressed, from Vite's manifest. */
export function landingFirstLoadBytes(webRoot) {
  const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('landing.html'));
  if (!entryKey) throw new Error('no landing.html entry in the Vite manifest');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length,
    0,
  );
  return { bytes, files };
}
