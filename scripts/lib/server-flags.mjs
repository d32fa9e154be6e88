// The one place the server's runtime settings are set: under `npm start`, and wherever the tests and the
// bench start the built app (decision 032). A setting already given by the environment is left to it;
// child processes (PGlite's initdb) inherit them.

/**
 * A bounded heap keeps 2,000 concurrent replies near 350 MB instead of about 460 MB; WebAssembly on
 * V8's baseline compiler keeps PGlite's start-up peak near 200 MB instead of over 700 MB (optimizing
 * its largest function alone took about 600 MB).
 */
const FLAGS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=512',
  '--heap-growing-percent=20',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
];

export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return FLAGS.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
}

/**
 * glibc's allocator: memory freed at the top of its heap goes back to the system above 128 KB. By
 * default that threshold climbs after each large free (up to 64 MB), and the process keeps what PGlite's
 * start-up freed. Ignored where the C library is not glibc.
 */
const TRIM_THRESHOLD = 'glibc.malloc.trim_threshold';
export const SERVER_TRIM_THRESHOLD = `${TRIM_THRESHOLD}=131072`;

/** The environment variables to add to the server's environment `env`. */
export function serverEnv(env = process.env) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes(TRIM_THRESHOLD)) return {};
  return { GLIBC_TUNABLES: tunables ? `${tunables}:${SERVER_TRIM_THRESHOLD}` : SERVER_TRIM_THRESHOLD };
}
