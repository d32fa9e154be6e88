import { z } from 'zod';
import { containsEmailName, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password';

export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';

const email = z
  .string()
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, 'That email address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const emailOnlyInput = z.object({ email });
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const signInInput = z.object({ email, password: z.string().min(1, 'Please enter your password') });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z
  .object({
    name: z.string().trim().max(100, 'Keep your name under 100 characters'),
    email,
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
      .max(MAX_PASSWORD_LENGTH, 'Password must be at most 128 characters long'),
  })
  .refine((input) => !containsEmailName(input.password, input.email), {
    message: PASSWORD_MESSAGES.containsEmail,
    path: ['password'],
  });
export type SignUpInput = z.infer<typeof signUpInput>;

export const verifyOtpInput = z.object({
  email,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpInput>;

/** The bounds of every text field Better Auth takes, the same as our own forms'. */
export const AUTH_FIELD_LIMITS = {
  name: 100,
  email: 254,
  url: 2048,
  oauthQuery: 4096,
  scope: 200,
} as const;

const text = (max: number, tooLong: string) =>
  z.string({ error: 'Must be text' }).max(max, tooLong).optional();
const webAddress = (value: string) =>
  URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol);
const emailField = text(AUTH_FIELD_LIMITS.email, 'That email address is too long');
const urlField = text(AUTH_FIELD_LIMITS.url, `Keep the link under ${AUTH_FIELD_LIMITS.url} characters`);

/**
 * What any request to Better Auth's routes (sign-up, update-user, magic link, e-mail code, reset…) is
 * checked against before it reaches them: each field they would store or send, when present, is text
 * of a bounded length (Better Auth itself stores an object as '[object Object]' and any length).
 */
export const authRequestFields = z.looseObject({
  name: text(AUTH_FIELD_LIMITS.name, 'Keep your name under 100 characters'),
  firstName: text(AUTH_FIELD_LIMITS.name, 'Keep your first name under 100 characters'),
  lastName: text(AUTH_FIELD_LIMITS.name, 'Keep your last name under 100 characters'),
  image: z
    .string({ error: 'Must be a web address' })
    .max(AUTH_FIELD_LIMITS.url, `Keep the image link under ${AUTH_FIELD_LIMITS.url} characters`)
    .refine(webAddress, 'Must be a web address (http or https)')
    .nullable()
    .optional(),
  email: emailField,
  newEmail: emailField,
  callbackURL: urlField,
  newUserCallbackURL: urlField,
  errorCallbackURL: urlField,
  redirectTo: urlField,
  // An assistant's authorization (decision 067): the consent page's answer and its signed request.
  oauth_query: text(AUTH_FIELD_LIMITS.oauthQuery, 'The authorization request is too long'),
  scope: text(AUTH_FIELD_LIMITS.scope, `Keep the scopes under ${AUTH_FIELD_LIMITS.scope} characters`),
  // An assistant's registration: what the consent page and the connected assistants show of it.
  client_name: text(AUTH_FIELD_LIMITS.name, 'Keep the assistant’s name under 100 characters'),
  client_uri: urlField,
  logo_uri: urlField,
  tos_uri: urlField,
  policy_uri: urlField,
});
