import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
// Dead ArrayBuffers are freed by the collection itself, not later on a thread of their own.
setFlagsFromString('--no-concurrent-array-buffer-sweeping');
/** A full garbage collection, now. */
export const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The client goes away, as a closed tab or Stop does, right after a full garbage collection: what the
 * server reaches only weakly is gone by then, as it may be at any moment of a long reply. (A Request
 * built by fetch's constructor, as `app.request()` builds it, passes its caller's abort on only while
 * the Request itself is reachable.)
 */
export function disconnect(controller: AbortController): void {
  collectGarbage();
  controller.abort();
}
