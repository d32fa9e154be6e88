import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/errors';
import {
  containsEmailName,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
} from '../../shared/schemas/password';
import type { Executor } from '../db/client';
import { users, verifications } from '../db/schema';
import { errorBody } from '../http/errors';
import type { Auth } from './auth';

/** zxcvbn's scores run 0 (guessed at once) to 4; below this a new password is refused. */
export const MIN_PASSWORD_SCORE = 3;

/** The most common passwords (about 49,000, from zxcvbn-ts's maintained list), compared lower-cased. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: it ranks every word of the dictionaries once. */
const strengthEstimator = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/** Why `password` may not be chosen by the owner of `email` (null when it may), most specific reason first. */
export function passwordRefusal(password: string, email: string | null): string | null {
  if (email && containsEmailName(password, email)) return PASSWORD_MESSAGES.containsEmail;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  const userInputs = email ? [email.trim().toLowerCase()] : [];
  if (strengthEstimator().check(password, userInputs).score < MIN_PASSWORD_SCORE) {
    return PASSWORD_MESSAGES.tooWeak;
  }
  return null;
}

type Body = Record<string, unknown>;

interface NewPasswordRoute {
  field: 'password' | 'newPassword';
  /** The e-mail address of the account whose password is being set. */
  emailOf: (body: Body, request: Request) => Promise<string | null>;
}

const emailInBody = async (body: Body) => (typeof body.email === 'string' ? body.email : null);

/**
 * Checks a new password wherever one is chosen (sign-up, reset by link or code, change), with 400
 * naming the field and why; signing in with one set earlier still works.
 */
export function refuseWeakPasswords(deps: { db: Executor; auth: Auth }): MiddlewareHandler {
  const routes: Record<string, NewPasswordRoute> = {
    '/api/auth/sign-up/email': { field: 'password', emailOf: emailInBody },
    '/api/auth/email-otp/reset-password': { field: 'password', emailOf: emailInBody },
    '/api/auth/reset-password': {
      field: 'newPassword',
      emailOf: (body) => emailOfResetToken(deps.db, body.token),
    },
    '/api/auth/change-password': {
      field: 'newPassword',
      emailOf: async (_, request) =>
        (await deps.auth.api.getSession({ headers: request.headers }))?.user.email ?? null,
    },
  };
  return async (c, next) => {
    const route = routes[c.req.path];
    if (!route) return next();
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    if (!body || typeof body !== 'object') return next();
    const password = (body as Body)[route.field];
    // Better Auth answers a password of the wrong length itself.
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) return next();
    if (password.length > MAX_PASSWORD_LENGTH) return next();
    const refusal = passwordRefusal(password, await route.emailOf(body as Body, c.req.raw));
    if (refusal === null) return next();
    return c.json(errorBody(ERROR_CODES.invalidInput, `${route.field}: ${refusal}`, route.field), 400);
  };
}

/** The address of the account a password-reset link was sent for (null for an unknown token). */
async function emailOfResetToken(db: Executor, token: unknown): Promise<string | null> {
  if (typeof token !== 'string') return null;
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.email ?? null;
}
