/**
 * The environment each Vitest run of `npm test` adds to its own. The PGlite run must not inherit a
 * TEST_DATABASE_URL exported in the shell: the test database helper would pick PostgreSQL, the
 * PGlite-only files would skip, and the summary would still say PGlite. An undefined value removes
 * the variable from a child's environment.
 */
export const PGLITE_SUITE_ENV = Object.freeze({ TEST_DATABASE_URL: undefined });

/** @param {string} url */
export const postgresSuiteEnv = (url) => ({ TEST_DATABASE_URL: url });

/** The note printed before the PGlite run when the shell had a PostgreSQL URL exported. */
export function pgliteRunNote(env = process.env) {
  return env.TEST_DATABASE_URL
    ? 'TEST_DATABASE_URL is set in this shell: the PGlite run ignores it; the PostgreSQL run uses it.'
    : null;
}

/** A child's environment: this process's, with `extra` on top (an undefined value removes a variable). */
export const childEnv = (extra = {}, env = process.env) => ({ ...env, ...extra });
