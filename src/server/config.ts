import { availableParallelism } from 'node:os';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/**
 * The only reader of the environment. Every setting is optional: with none the app runs on its
 * embedded defaults (PGlite, e-mail outbox, local billing, offline model). README.md keeps the table.
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
/** Read by the cron parser pg-boss schedules with, so a value it would refuse later is refused at start. */
function isCronExpression(value: string) {
  try {
    CronExpressionParser.parse(value, { tz: 'UTC', strict: false });
    return true;
  } catch {
    return false;
  }
}
const emailList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: int(3000, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  BASE_URL: optionalUrl,
  TRUST_PROXY: flag(false),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  // Log lines are written off the request path (pino's asynchronous destination); 'sync' writes each
  // before the request goes on (decision 070).
  LOG_WRITES: z.preprocess(emptyToUndefined, z.enum(['async', 'sync']).default('async')),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000),
  // Background jobs on the job queue (decision 045).
  JOB_QUEUE_CHECK_SECONDS: int(30, 1, 3600),
  WEEKLY_EMAIL_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\S+( \S+){4}$/, 'must be a cron expression of five fields, e.g. 5 * * * *')
      .refine(isCronExpression, 'must be a cron expression whose fields are in range, e.g. 5 * * * *')
      .default('5 * * * *'),
  ),
  // Admission of new replies (decisions 042, 053): past any of these the process answers 503 busy.
  REPLIES_IN_FLIGHT_MAX: int(200, 1, 100_000),
  REPLIES_PREPARING_MAX: int(32, 1, 100_000),
  EVENT_LOOP_DELAY_MAX_MS: int(200, 1, 60_000),
  EVENT_LOOP_UTILIZATION_MAX_PERCENT: int(90, 1, 100),
  HEAP_USED_MAX_PERCENT: int(85, 1, 100),
  // Password hashes at once (a core stays free for signed-in users' requests), and waiting for a turn.
  PASSWORD_HASHES_IN_FLIGHT_MAX: int(Math.max(1, availableParallelism() - 1), 1, 256),
  PASSWORD_HASHES_WAITING_MAX: int(100, 0, 100_000),

  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: int(10, 1, 200),

  BETTER_AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SUPER_ADMIN_EMAILS: emailList,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  RATE_LIMIT_ENABLED: flag(true),
  // How old a signed-in read's session may be: Better Auth's session cookie cache. A request that changes
  // something, and every admin request, reads the database (decision 072). 0 turns the cache off.
  SESSION_CACHE_SECONDS: int(30, 0, 60),
  // Sessions a process keeps verified from their cache cookie, about 1 KB each (decision 074). 0: none.
  SESSION_MEMO_ENTRIES: int(10_000, 0, 100_000),

  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Vidvisor <no-reply@vidvisor.local>')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@vidvisor.local')),

  DEMO_VIDEO_URL: optionalUrl,
  SUPPORT_WIDGET_SCRIPT_URL: optionalUrl,
  /** The YouTube IFrame Player API script the consultation's player loads (the journeys serve a fake on loopback). */
  YOUTUBE_IFRAME_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an https:// URL (http:// only on this machine)' })
      .refine((url) => url.startsWith('https://') || (URL.canParse(url) && isLoopbackUrl(url)), {
        error: 'must be an https:// URL (http:// only on this machine)',
      })
      .default('https://www.youtube.com/iframe_api'),
  ),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  AI_DEFAULT_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
  /** Test-only: the browser journeys hold the offline model's streams through the IPC channel. */
  OFFLINE_MODEL_TEST_GATE: flag(false),

  YOUTUBE_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.youtube.com')),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.googleapis.com/youtube/v3')),
  YOUTUBE_DAILY_QUOTA: int(10_000, 1, 1_000_000_000),
  YOUTUBE_QUOTA_SHARE: z.preprocess(emptyToUndefined, z.coerce.number().gt(0).max(1).default(0.8)),
  YOUTUBE_PROXY_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// proxy URL' }).optional(),
  ),
  TRANSCRIPT_API_URL: optionalUrl,
  TRANSCRIPT_API_KEY: optionalString,

  BILLING_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['local', 'stripe']).default('local')),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_PRO_ANNUAL: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  STRIPE_PRICE_PREMIUM_ANNUAL: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/** Settings only the tests may turn on: a production process refuses to start with any of them set. */
export const TEST_ONLY_VARIABLES = ['OFFLINE_MODEL_TEST_GATE'] as const satisfies readonly (keyof Env)[];

/** Every variable this module reads: what the container files (Dockerfile, compose.yaml) must name. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config extends Env {
  /** The public origin of the app, e.g. http://localhost:3000 */
  baseUrl: string;
  isProduction: boolean;
  isTest: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}\n` +
        'See .env.example for every variable and its default.',
    );
    this.name = 'ConfigError';
  }
}

/** Reads ./.env into the environment when present (variables already set win). */
export function loadDotEnv(file = '.env') {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: issue.message,
      })),
    );
  }
  const values = parsed.data;
  const crossIssues = crossCheck(values);
  if (crossIssues.length > 0) throw new ConfigError(crossIssues);
  return {
    ...values,
    baseUrl: (values.BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    isProduction: values.NODE_ENV === 'production',
    isTest: values.NODE_ENV === 'test',
  };
}

function crossCheck(values: Env): { variable: string; message: string }[] {
  const issues: { variable: string; message: string }[] = [];
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    issues.push({
      variable: values.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
      message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    });
  }
  if (values.BILLING_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!values[name]) issues.push({ variable: name, message: 'required when BILLING_PROVIDER=stripe' });
    }
  }
  if (values.NODE_ENV === 'production') {
    for (const name of TEST_ONLY_VARIABLES) {
      if (values[name]) {
        issues.push({
          variable: name,
          message: 'is a test-only setting and must not be set when NODE_ENV=production',
        });
      }
    }
  }
  return issues;
}

/** Whether a URL names this machine (localhost, 127.0.0.0/8, ::1): the app is being tried where it runs. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** The names a browser on this machine reaches its loopback interface by. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins whose browser requests we accept (CSRF checks, Better Auth's trusted origins): BASE_URL's.
 * When that names this machine (as it does when unset), any loopback name of the same port is this app too.
 */
export function trustedOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.baseUrl).origin]);
  if (isLoopbackUrl(config.baseUrl)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(config.baseUrl);
      alias.hostname = host;
      origins.add(alias.origin);
    }
  }
  // `npm run dev` serves the UI from Vite's port and proxies the API.
  if (config.NODE_ENV === 'development') origins.add('http://localhost:5173').add('http://127.0.0.1:5173');
  return [...origins];
}
