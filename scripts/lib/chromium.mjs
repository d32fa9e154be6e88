// Debian's Chromium for the browser journeys: installed with apt-get when missing (root only).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function ensureChromium(log = console.log) {
  const executable = chromiumPath();
  if (existsSync(executable)) return executable;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${executable} does not exist`);
  if (process.getuid?.() !== 0)
    throw new Error('Chromium is missing: install the chromium package, or set CHROMIUM_PATH.');
  log('installing Chromium (apt-get install -y chromium)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(executable)) throw new Error(`Chromium was installed but ${executable} is missing`);
  return executable;
}
