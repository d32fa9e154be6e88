// The V8 heap settings the server runs with: under `npm start`, and wherever the tests and the bench
// start the built app (decision 017). A flag already given in NODE_OPTIONS is left to it.

/**
 * - a young generation of 16 MB semi-spaces (V8 sized it at 128 MB in all on a 24 GB machine);
 * - a 512 MB old generation, which also makes V8 grow the heap by smaller steps between collections.
 * At 2,000 streaming replies the heap's live data is about 150 MB.
 */
const FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=512'];

export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return FLAGS.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
}
