/**
 * A test-only hold on the offline model's streams: while the gate is closed, every stream sends its first
 * `afterWords` words and then waits until the test opens the gate (or the reply is aborted). Tests that
 * must act while a reply streams close it instead of racing the model's pace.
 */
export interface StreamGate {
  /** Holds every stream, present and future, once it has sent `afterWords` words. */
  close(afterWords?: number): void;
  /** Lets every held stream go on. */
  open(): void;
  /** Resolves when the stream may send its word number `index` (0-based), or when `signal` aborts. */
  pass(index: number, signal?: AbortSignal): Promise<void>;
  /** Streams waiting at the gate now (an aborted stream leaves at once). */
  readonly held: number;
}

export const DEFAULT_HOLD_AFTER_WORDS = 8;

export function createStreamGate(): StreamGate {
  let holdAfter: number | undefined;
  const waiting = new Set<() => void>();
  return {
    close(afterWords = DEFAULT_HOLD_AFTER_WORDS) {
      holdAfter = afterWords;
    },
    open() {
      holdAfter = undefined;
      for (const release of waiting) release();
    },
    pass(index, signal) {
      if (holdAfter === undefined || index < holdAfter || signal?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const release = () => {
          waiting.delete(release);
          signal?.removeEventListener('abort', release);
          resolve();
        };
        waiting.add(release);
        signal?.addEventListener('abort', release, { once: true });
      });
    },
    get held() {
      return waiting.size;
    },
  };
}
