import { dictionary } from '@zxcvbn-ts/language-common';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../../shared/schemas/password';
import { validateRawJson } from '../http/validate';

/** The most common passwords (about 49,000, from zxcvbn-ts's maintained list), compared lower-cased. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

const notCommon = z
  .string()
  .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.tooCommon)
  .optional();

/** The routes that set a password, and the field each takes it in. */
const NEW_PASSWORD_FIELD: Record<string, 'password' | 'newPassword'> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
  '/api/auth/email-otp/reset-password': 'password',
};

const schemas = {
  password: z.looseObject({ password: notCommon }),
  newPassword: z.looseObject({ newPassword: notCommon }),
};

/**
 * Refuses a common password wherever one is chosen (sign-up, reset, change), with 400 naming the field;
 * signing in with one set earlier still works. Better Auth keeps its own length rules.
 */
export function refuseCommonPasswords(): MiddlewareHandler {
  const checks = {
    password: validateRawJson(schemas.password),
    newPassword: validateRawJson(schemas.newPassword),
  };
  return async (c, next) => {
    const field = NEW_PASSWORD_FIELD[c.req.path];
    return field ? checks[field](c, next) : next();
  };
}
