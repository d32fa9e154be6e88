import { describe, expect, it } from 'vitest';
import { isDatabaseError, loggableDatabaseError, sqlState } from './errors';

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code });

describe('database errors', () => {
  it('finds a SQLSTATE along the causes', () => {
    const driver = withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021');
    const drizzle = new Error('Failed query: update "user" set "name" = $1', { cause: driver });
    expect(sqlState(drizzle)).toBe('22021');
    expect(sqlState(withCode('no such function', '42883'))).toBe('42883');
    expect(isDatabaseError(drizzle)).toBe(true);
  });

  it('does not take a mail server’s or a socket’s code for one', () => {
    for (const code of ['EAUTH', 'EPIPE', 'ECONNREFUSED']) {
      const error = withCode('Invalid login: 535 5.7.8', code);
      expect(sqlState(error), code).toBeUndefined();
      expect(isDatabaseError(error), code).toBe(false);
    }
  });

  it('keeps a failed statement’s code and SQL for the log, never its message', () => {
    const driver = withCode('invalid input syntax for type uuid: "Maya typed this"', '22P02');
    const drizzle = Object.assign(new Error('Failed query ... params: Maya typed this', { cause: driver }), {
      query: 'select * from chats where id = $1',
      params: ['Maya typed this'],
    });
    const logged = loggableDatabaseError(drizzle);
    expect(logged).toMatchObject({ code: '22P02', query: 'select * from chats where id = $1' });
    expect(JSON.stringify(logged)).not.toContain('Maya typed this');
  });
});
