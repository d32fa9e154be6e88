import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * Password hashes are Better Auth's own scrypt (its parameters untouched), about 70 ms of CPU each in
 * Node's thread pool. Unbounded, a burst of sign-ins fills every core and every signed-in user's request
 * queues behind them: at most `maxInFlight` run at once, so a core stays free for other requests; up to
 * `maxWaiting` more wait their turn in order, and past that a sign-in is refused as busy.
 */
export interface PasswordHashingLimits {
  maxInFlight: number;
  maxWaiting: number;
}

/** A test's hold on hashes: each hash, once its turn has come, waits for it before it runs. */
export type PasswordHashGate = () => Promise<void>;

/** A sign-in (or sign-up, or password change) refused because too many hashes are already waiting. */
export class PasswordHashingBusyError extends Error {
  constructor() {
    super('too many password hashes waiting');
    this.name = 'PasswordHashingBusyError';
  }
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  readonly inFlight: number;
  readonly waiting: number;
}

export function boundedPasswordHashing(
  limits: PasswordHashingLimits,
  gate?: PasswordHashGate,
): PasswordHashing {
  const turn = boundedTurns(limits);
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    const done = await turn.take();
    try {
      await gate?.();
      return await work();
    } finally {
      done();
    }
  };
  return {
    hash: (password) => run(() => hashPassword(password)),
    verify: (data) => run(() => verifyPassword(data)),
    get inFlight() {
      return turn.inFlight;
    },
    get waiting() {
      return turn.waiting;
    },
  };
}

/** Turns to run, at most `maxInFlight` at once, the rest first come first served up to `maxWaiting`. */
function boundedTurns({ maxInFlight, maxWaiting }: PasswordHashingLimits) {
  let inFlight = 0;
  const queue: (() => void)[] = [];
  const done = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight -= 1;
  };
  return {
    /** Resolves with the function that ends the turn when it is this caller's turn. */
    take(): Promise<() => void> {
      if (inFlight < maxInFlight) {
        inFlight += 1;
        return Promise.resolve(once(done));
      }
      if (queue.length >= maxWaiting) return Promise.reject(new PasswordHashingBusyError());
      return new Promise((resolve) => queue.push(() => resolve(once(done))));
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}

function once(action: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    action();
  };
}
