import { desc, eq } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import type { Role } from '../../shared/roles';
import type { BusinessProfileInput } from '../../shared/schemas/profile';
import { createStreamGate } from '../adapters/ai';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from '../context';
import { outboxEmails, profiles, users } from '../db/schema';
import { toProfileColumns } from '../features/profile/profile.service';
import { createLogger } from '../logger';
import { createRuntime, type RuntimeOverrides } from '../runtime';
import { SAMPLE_PROFILE, uniqueEmail } from './fixtures';
import { TestClient } from './test-client';
import { openTestDatabase } from './test-database';

export const TEST_BASE_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-42';

export interface CreateUserOptions {
  email?: string;
  password?: string;
  name?: string;
  role?: Role;
  /** true: the sample profile; an object: that profile; false (default): none. */
  profile?: boolean | BusinessProfileInput;
  /** A free plan chosen on onboarding. */
  freePlan?: 'free' | 'free_annual';
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: TestClient;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export interface TestAppOverrides extends RuntimeOverrides {
  /** Where the server log goes (a test reading it sets LOG_LEVEL too). */
  logTo?: DestinationStream;
}

/**
 * The real app on a fresh database (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set),
 * with the outbox mailer: what API tests drive through `app.request()`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logTo, ...overrides }: TestAppOverrides = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    RATE_LIMIT_ENABLED: 'false',
    // A loaded test machine stalls its event loop at random: tests drive a full process by the other
    // bounds (admission.unit.test.ts covers this one).
    EVENT_LOOP_DELAY_MAX_MS: '60000',
    EVENT_LOOP_UTILIZATION_MAX_PERCENT: '100',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // No test reaches the real YouTube: nothing listens here, so a call fails at once unless a test
    // points it at its local fixture.
    YOUTUBE_BASE_URL: 'http://127.0.0.1:9',
    YOUTUBE_API_URL: 'http://127.0.0.1:9/youtube/v3',
    ...env,
  });
  const database = overrides.database ?? (await openTestDatabase());
  const logger = createLogger(config.LOG_LEVEL, logTo);
  const offlineGate = overrides.offlineGate ?? createStreamGate();
  const runtime = await createRuntime(config, logger, { ...overrides, database, offlineGate });
  const app = createApp(runtime.deps);
  const deps: AppDeps = runtime.deps;
  const { db } = deps;

  const client = (ip?: string) =>
    new TestClient((path, init, bindings) => app.request(path, init, bindings), config.baseUrl, ip);

  async function createUser(options: CreateUserOptions = {}): Promise<TestUser> {
    const email = (options.email ?? uniqueEmail()).toLowerCase();
    const password = options.password ?? TEST_PASSWORD;
    const result = await deps.auth.api.signUpEmail({ body: { email, password, name: options.name ?? '' } });
    const id = result.user.id;
    await db
      .update(users)
      .set({
        emailVerified: true,
        ...(options.role ? { role: options.role } : {}),
        ...(options.freePlan ? { freePlanId: options.freePlan } : {}),
      })
      .where(eq(users.id, id));
    if (options.profile) {
      const profile = options.profile === true ? SAMPLE_PROFILE : options.profile;
      await db.insert(profiles).values({ userId: id, ...toProfileColumns(profile) });
    }
    const userClient = client();
    const signIn = await userClient.post('/api/auth/sign-in/email', { email, password });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    return { id, email, password, client: userClient };
  }

  /** A user who has passed the onboarding gates (profile complete, free plan). */
  const createOnboardedUser = (options: CreateUserOptions = {}) =>
    createUser({ profile: true, freePlan: 'free', ...options });

  /** Mails to an address, newest first. */
  async function mailsTo(address: string) {
    return db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, address.toLowerCase()))
      .orderBy(desc(outboxEmails.createdAt));
  }

  /** The first link of the newest mail of a kind to an address. */
  async function linkFromMail(address: string, kind: string): Promise<string> {
    const mail = (await mailsTo(address)).find((m) => m.kind === kind);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no ${kind} mail with a link to ${address}`);
    return link;
  }

  /** The path and query of a link to our app, for `app.request()`. */
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };

  return {
    app,
    deps,
    db,
    client,
    createUser,
    createOnboardedUser,
    mailsTo,
    linkFromMail,
    pathOf,
    /** Holds the offline model's replies after their first words until the test opens it. */
    offlineGate,
    /** What SIGTERM does first: long work (AI streams) saves what it has and ends. */
    beginShutdown: () => runtime.beginShutdown(),
    close: () => runtime.close(),
  };
}
