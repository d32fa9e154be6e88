// Debian's Chromium for the browser journeys: installed with apt-get when missing (root only).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function ensureChromium(log = console.log) {
  const executable = chromiumPath();
  if (existsSync(executable)) return executable;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${executable} does not exist`);
  aptInstall('chromium', {
    log,
    hint: 'Chromium is missing: install the chromium package, or set CHROMIUM_PATH.',
  });
  if (!existsSync(executable)) throw new Error(`Chromium was installed but ${executable} is missing`);
  return executable;
}
