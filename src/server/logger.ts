import pino, { type Logger } from 'pino';
import { isDatabaseError, loggableDatabaseError } from './db/errors';

export type { Logger };

/** How many causes deep an error is logged. */
const MAX_CAUSES = 5;

/**
 * An error as the log shows it: its type, message, code, status and stack, and so its causes' (and a
 * retried call's last error); never
 * the rest of its properties, where some carry what users typed (the AI SDK's `requestBodyValues`,
 * `responseBody` and `lastError` hold the prompt: profile, transcript, messages). A failed statement
 * keeps its SQL but neither its values nor its message.
 */
export function serializeError(error: unknown, depth = 0): object | undefined {
  if (!(error instanceof Error)) return error === undefined ? undefined : { type: typeof error };
  if (isDatabaseError(error)) return loggableDatabaseError(error);
  const { code, statusCode, lastError } = error as {
    code?: unknown;
    statusCode?: unknown;
    lastError?: unknown;
  };
  const deeper = depth < MAX_CAUSES;
  return {
    type: error.name,
    message: error.message,
    code,
    statusCode,
    stack: error.stack,
    cause: deeper ? serializeError(error.cause, depth + 1) : undefined,
    lastError: deeper ? serializeError(lastError, depth + 1) : undefined,
  };
}

/**
 * The process's standard output through pino's own destination: asynchronous, so that a request does
 * not wait for its log line to be written (pino flushes what is left when the process exits), or
 * synchronous.
 */
export function standardOutput(writes: 'async' | 'sync'): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: writes === 'sync' });
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'vidvisor' },
      serializers: { err: serializeError },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
