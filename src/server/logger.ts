import pino, { type Logger } from 'pino';
import { isDatabaseError, loggableDatabaseError } from './db/errors';

export type { Logger };

/** An error as the log shows it: a failed statement without the values it was given. */
export function serializeError(error: unknown) {
  return error instanceof Error && isDatabaseError(error)
    ? loggableDatabaseError(error)
    : pino.stdSerializers.err(error as Error);
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
