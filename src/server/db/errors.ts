/** The errors a failed statement carries along its causes (Drizzle's, then the driver's). */
export function* causes(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error, looked for along the error's causes. */
export function sqlState(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { code } = cause as { code?: unknown };
    // Five characters with a digit: every SQLSTATE has one, errno-like codes (EPIPE, EAUTH) none.
    if (typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A failed statement: an error along whose causes a SQLSTATE or the statement's parameters travel. */
export function isDatabaseError(error: unknown): boolean {
  return [...causes(error)].some((cause) => 'params' in cause || sqlState(cause) !== undefined);
}

/**
 * What a log may keep of a failed statement: its type, code (SQLSTATE or the connection's errno),
 * SQL text and stack frames. Never its message: drivers append the parameters to it ("params: …"),
 * and PostgreSQL quotes the refused value in some messages ('invalid input syntax for type uuid: "…"').
 */
export function loggableDatabaseError(error: Error) {
  const chain = [...causes(error)] as { code?: unknown; query?: unknown }[];
  const code = sqlState(error) ?? chain.map((cause) => cause.code).find((c) => typeof c === 'string');
  const query = chain.map((cause) => cause.query).find((q) => typeof q === 'string');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: error.name, code, query, stack: frames.join('\n') };
}
