// Installs a Debian package the test or bench scripts need, when running as root (CI runs as root).
import { execFileSync } from 'node:child_process';

/** `apt-get install -y <name>`; throws with `hint` when not root. */
export function aptInstall(name, { log = console.log, hint } = {}) {
  if (process.getuid?.() !== 0) throw new Error(hint ?? `${name} is missing: install the ${name} package.`);
  log(`installing ${name} (apt-get install -y ${name})…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', name], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
