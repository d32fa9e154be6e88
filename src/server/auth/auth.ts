import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { admin, emailOTP, magicLink } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import { displayNameFor } from '../../shared/names';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/schemas/password';
import type { Mailer } from '../adapters/mail';
import { type Config, trustedOrigins } from '../config';
import type { Database } from '../db/client';
import {
  accounts,
  oauthAccessTokens,
  oauthClientAssertions,
  oauthClientResources,
  oauthClients,
  oauthConsents,
  oauthRefreshTokens,
  oauthResources,
  rateLimits,
  sessions,
  users,
  verifications,
} from '../db/schema';
import { type Logger, serializeError } from '../logger';
import { authEmails } from './emails';
import { nativeLoopbackRegistration, oauthPlugin } from './oauth';
import type { PasswordHashing } from './password-hashing';
import { accessControl, authRoles } from './roles';
import { changesState } from './session-cache';

/** Set by our HTTP layer from the socket (or the trusted proxy): the only IP Better Auth believes. */
export const CLIENT_IP_HEADER = 'x-vidvisor-client-ip';

export interface AuthOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  passwordHashing: PasswordHashing;
}

export function createAuth({ config, db, mailer, logger, secret, passwordHashing }: AuthOptions) {
  const send = async (message: Parameters<Mailer['send']>[0]) => {
    await mailer.send(message);
  };
  const secure = config.baseUrl.startsWith('https://');
  const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

  return betterAuth({
    appName: 'Vidvisor',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        oauthClient: oauthClients,
        oauthResource: oauthResources,
        oauthClientResource: oauthClientResources,
        oauthRefreshToken: oauthRefreshTokens,
        oauthAccessToken: oauthAccessTokens,
        oauthConsent: oauthConsents,
        oauthClientAssertion: oauthClientAssertions,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        freePlanId: { type: 'string', required: false, input: false },
        welcomeEmailSent: { type: 'boolean', required: false, input: false, defaultValue: false },
        billingCustomerId: { type: 'string', required: false, input: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's own scrypt, with a bound on hashes at once (password-hashing.ts).
      password: { hash: passwordHashing.hash, verify: passwordHashing.verify },
      sendResetPassword: async ({ user, url }) => send(authEmails.passwordReset(user.email, url)),
      // A sign-up with an address that has an account answers a made-up user: built as a real one is,
      // so the two answers cannot be told apart.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => {
        const user = { ...coreFields, ...additionalFields };
        return {
          ...user,
          ...newUserFields(user, config),
          banned: false,
          banReason: null,
          banExpires: null,
          id,
        };
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => send(authEmails.verification(user.email, url)),
    },
    socialProviders: googleEnabled
      ? {
          google: {
            clientId: config.GOOGLE_CLIENT_ID!,
            clientSecret: config.GOOGLE_CLIENT_SECRET!,
            prompt: 'select_account',
          },
        }
      : undefined,
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // A signed-in read takes its session from this signed cookie for at most its age; requests that
      // change something and admin requests read the database (sessionMiddleware, decision 072).
      cookieCache: { enabled: config.SESSION_CACHE_SECONDS > 0, maxAge: config.SESSION_CACHE_SECONDS },
    },
    plugins: [
      magicLink({
        expiresIn: 5 * 60,
        sendMagicLink: async ({ email, url }) => send(authEmails.magicLink(email, url)),
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 5,
        sendVerificationOTP: async ({ email, otp, type }) => send(authEmails.oneTimeCode(email, otp, type)),
      }),
      admin({ ac: accessControl, roles: authRoles, defaultRole: 'user', adminRoles: ['super_admin'] }),
      oauthPlugin(config.baseUrl),
    ],
    rateLimit: {
      enabled: config.RATE_LIMIT_ENABLED,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/*': { window: 60, max: 10 },
        '/sign-up/*': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        '/email-otp/*': { window: 60, max: 5 },
        '/magic-link/*': { window: 60, max: 10 },
        // It checks the current password: a stolen session must not guess it here faster than where
        // deleting the account asks for it (decision 058).
        '/change-password': { window: 60 * 60, max: 5 },
      },
    },
    advanced: {
      // A session and its user in one query (the relations are in db/schema/auth.ts).
      database: { joins: true },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin and callback-URL checks when NODE_ENV=test: tests run production's.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // A failure Better Auth does not answer itself (a value the database refused, the database down)
    // reaches our error handler, which answers it as every API route does.
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => {
        const values = args.map((arg) => (arg instanceof Error ? serializeError(arg) : arg));
        logger[level]({ scope: 'better-auth', args: values.length ? values : undefined }, message);
      },
    },
    hooks: { before: beforeAuthEndpoints },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, ...newUserFields(user, config) } }),
        },
      },
      session: {
        create: {
          after: async (session) => {
            await sendWelcomeOnce(db, mailer, config.baseUrl, session.userId).catch((error) =>
              logger.warn({ err: error, userId: session.userId }, 'welcome e-mail failed (ignored)'),
            );
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * What the app changes in a request before Better Auth's endpoint reads it: a loopback client's
 * registration made native (oauth.ts), and the session of a request that changes something read from
 * the database, not the cookie cache (decision 072), as our own routes read it.
 */
const beforeAuthEndpoints = createAuthMiddleware(async (ctx) => {
  const body = nativeLoopbackRegistration(ctx);
  const fromDatabase = ctx.request !== undefined && changesState(ctx.request.method);
  if (!body && !fromDatabase) return;
  return {
    context: {
      ...(body ? { body } : {}),
      ...(fromDatabase ? { query: { ...ctx.query, disableCookieCache: true } } : {}),
    },
  };
});

/** What a new user is given beside what was typed: a display name, its two halves, and a role. */
function newUserFields(
  user: { email: string; name: string; firstName?: unknown; lastName?: unknown },
  config: Pick<Config, 'SUPER_ADMIN_EMAILS'>,
) {
  const email = user.email.toLowerCase();
  const name = displayNameFor(user.name, email);
  const [first, ...rest] = name.split(/\s+/);
  const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    email,
    name,
    firstName: typed(user.firstName) || first || null,
    lastName: typed(user.lastName) || rest.join(' ') || null,
    role: config.SUPER_ADMIN_EMAILS.includes(email) ? 'super_admin' : 'user',
  };
}

/**
 * The welcome mail goes out once per user: the flag flips in the same statement that claims the
 * right to send, so two sign-ins at the same moment cannot both send it.
 */
export async function sendWelcomeOnce(db: Database, mailer: Mailer, baseUrl: string, userId: string) {
  const [claimed] = await db
    .update(users)
    .set({ welcomeEmailSent: true })
    .where(and(eq(users.id, userId), eq(users.welcomeEmailSent, false)))
    .returning({ id: users.id, email: users.email, name: users.name });
  if (claimed) await mailer.send(authEmails.welcome(claimed, `${baseUrl}/dashboard`));
}
