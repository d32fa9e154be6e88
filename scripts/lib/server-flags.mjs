// The settings the server runs with: under `npm start`, and wherever the tests and the bench start the
// built app. A setting already given by the environment is left to it.

/**
 * V8's heap (decisions 017, 021 and 025):
 * - a young generation of 8 MB semi-spaces (V8 sized it at 128 MB in all on a 24 GB machine);
 * - a 512 MB old generation;
 * - after each full collection, the old generation may grow by 20% of its live data before the next
 *   (V8 allowed about 50% with this limit). At 2,000 streaming replies the live data is about 190 MB.
 *
 * WebAssembly stays on V8's baseline compiler, Liftoff, with no tier-up to TurboFan (decision 029):
 * optimizing PGlite's largest function alone took about 600 MB for 0.6 s, and the server's peak memory
 * as it started was 713-757 MB instead of about 200.
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
 * glibc's allocator (decision 019): memory freed at the top of its heap goes back to the system above
 * 128 KB. By default that threshold climbs after each large free (up to 64 MB), and the process keeps
 * what V8's compiler threads and PGlite's start-up freed. Ignored where the C library is not glibc.
 */
const TRIM_THRESHOLD = 'glibc.malloc.trim_threshold';
export const SERVER_TRIM_THRESHOLD = `${TRIM_THRESHOLD}=131072`;

/** The environment variables to add to the server's environment `env`. */
export function serverEnv(env = process.env) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes(TRIM_THRESHOLD)) return {};
  return { GLIBC_TUNABLES: tunables ? `${tunables}:${SERVER_TRIM_THRESHOLD}` : SERVER_TRIM_THRESHOLD };
}
