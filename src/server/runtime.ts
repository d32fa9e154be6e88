import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAiProvider, createStreamGate, type StreamGate } from './adapters/ai';
import type { BillingProvider } from './adapters/billing';
import { createLocalBillingProvider } from './adapters/billing/local';
import { createStripeBillingProvider } from './adapters/billing/stripe';
import { createChannelSource } from './adapters/channels';
import { createMailer, MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_JOB, type Mailer } from './adapters/mail';
import { createTranscriptFetcher, createYouTubeSources } from './adapters/transcripts';
import { createVideoCatalog } from './adapters/video-catalog';
import { createAuth } from './auth/auth';
import { boundedPasswordHashing, type PasswordHashGate } from './auth/password-hashing';
import { backgroundJobs } from './background-jobs';
import { type Config, isLoopbackUrl } from './config';
import type { AppDeps } from './context';
import { type DatabaseHandle, openDatabase } from './db/client';
import { prepareDatabase } from './db/migrate';
import { answerRemoteRequests } from './features/chat/live-reply.remote';
import { createAdmission } from './http/admission';
import { createLiveReplies } from './http/live-replies';
import { createJobQueue } from './jobs';
import type { Logger } from './logger';

export interface RuntimeOverrides {
  /** An already-open database (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** A billing provider with a test clock (tests); otherwise chosen by BILLING_PROVIDER. */
  billing?: BillingProvider;
  /** The offline model's test gate (tests); otherwise one only when OFFLINE_MODEL_TEST_GATE is set. */
  offlineGate?: StreamGate;
  /** Holds password hashes while a test acts (tests only). */
  passwordHashGate?: PasswordHashGate;
}

export interface Runtime {
  deps: AppDeps;
  /** Holds the offline model's streams while a test acts: present in tests only. */
  offlineGate?: StreamGate;
  /** Tells long-running work to wrap up (aborts `deps.shutdownSignal`). */
  beginShutdown(): void;
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds it, and builds every adapter the configuration selects. */
export async function createRuntime(
  config: Config,
  logger: Logger,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      onError: (error) => logger.warn({ err: error }, 'database connection error'),
    }));
  try {
    await prepareDatabase(database, {
      defaultModel: config.AI_DEFAULT_MODEL,
      stripePriceIds: {
        pro: config.STRIPE_PRICE_PRO,
        pro_annual: config.STRIPE_PRICE_PRO_ANNUAL,
        premium: config.STRIPE_PRICE_PREMIUM,
        premium_annual: config.STRIPE_PRICE_PREMIUM_ANNUAL,
      },
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const db = database.db;
  const jobs = createJobQueue({
    connection: database.connection,
    logger,
    checkSeconds: config.JOB_QUEUE_CHECK_SECONDS,
  });
  const mailer =
    overrides.mailer ??
    createMailer({
      db,
      logger,
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      printToLog: isLoopbackUrl(config.baseUrl),
      retryLater: (outboxId) =>
        jobs.send(MAIL_RETRY_JOB, { outboxId }, { key: outboxId, delaySeconds: MAIL_RETRY_DELAY_SECONDS }),
    });
  const secret = resolveAuthSecret(config, logger);
  const passwordHashing = boundedPasswordHashing(
    { maxInFlight: config.PASSWORD_HASHES_IN_FLIGHT_MAX, maxWaiting: config.PASSWORD_HASHES_WAITING_MAX },
    overrides.passwordHashGate,
  );
  const auth = createAuth({ config, db, mailer, logger, secret, passwordHashing });
  const billing = overrides.billing ?? createBillingProvider(config, db, secret);
  const offlineGate =
    overrides.offlineGate ?? (config.OFFLINE_MODEL_TEST_GATE ? createStreamGate() : undefined);
  const ai = createAiProvider({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_BASE_URL,
    offlineGate,
  });
  const transcripts = createTranscriptFetcher({
    db,
    logger,
    sources: createYouTubeSources({
      baseUrl: config.YOUTUBE_BASE_URL,
      proxyUrl: config.YOUTUBE_PROXY_URL,
      transcriptApi:
        config.TRANSCRIPT_API_URL && config.TRANSCRIPT_API_KEY
          ? { url: config.TRANSCRIPT_API_URL, key: config.TRANSCRIPT_API_KEY }
          : undefined,
    }),
  });
  const youtube = {
    apiKey: config.YOUTUBE_API_KEY,
    apiUrl: config.YOUTUBE_API_URL,
    youtubeBaseUrl: config.YOUTUBE_BASE_URL,
    youtubeProxyUrl: config.YOUTUBE_PROXY_URL,
    db,
    dailyBudget: Math.floor(config.YOUTUBE_DAILY_QUOTA * config.YOUTUBE_QUOTA_SHARE),
  };
  const videos = createVideoCatalog(youtube);
  const channels = createChannelSource(youtube);
  const shutdown = new AbortController();
  const admission = createAdmission({
    maxReplies: config.REPLIES_IN_FLIGHT_MAX,
    maxPreparing: config.REPLIES_PREPARING_MAX,
    maxEventLoopDelayMs: config.EVENT_LOOP_DELAY_MAX_MS,
    maxEventLoopUtilization: config.EVENT_LOOP_UTILIZATION_MAX_PERCENT / 100,
    maxHeapShare: config.HEAP_USED_MAX_PERCENT / 100,
  });
  const deps: AppDeps = {
    config,
    db,
    database,
    auth,
    mailer,
    billing,
    ai,
    transcripts,
    videos,
    channels,
    logger,
    jobs,
    admission,
    liveReplies: createLiveReplies(),
    passwordHashing,
    shutdownSignal: shutdown.signal,
  };
  for (const job of backgroundJobs(deps)) jobs.register(job);
  if (database.kind === 'postgres') {
    await answerRemoteRequests(database, deps.liveReplies, (error) =>
      logger.error({ err: error }, 'a request about a live reply from another process was not answered'),
    );
  }
  return {
    deps,
    offlineGate,
    beginShutdown: () => shutdown.abort(),
    async close() {
      shutdown.abort();
      admission.close();
      await jobs.stop(config.SHUTDOWN_TIMEOUT_MS);
      await mailer.close();
      await database.close();
    },
  };
}

function createBillingProvider(config: Config, db: AppDeps['db'], secret: string): BillingProvider {
  if (config.BILLING_PROVIDER === 'stripe') {
    return createStripeBillingProvider({
      // loadConfig refuses BILLING_PROVIDER=stripe without both keys.
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createLocalBillingProvider({ db, secret, baseUrl: config.baseUrl });
}

/**
 * BETTER_AUTH_SECRET when set. Otherwise, for the embedded single-process default, a random secret
 * generated once and kept in DATA_DIR (several processes on PostgreSQL must share one: set it).
 */
function resolveAuthSecret(config: Config, logger: Logger): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  if (config.isProduction && config.DATABASE_URL) {
    logger.warn(
      'BETTER_AUTH_SECRET is not set: every process must share one secret; using a per-data-dir secret',
    );
  }
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
