import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackUrl, loadConfig, TEST_ONLY_VARIABLES, trustedOrigins } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with no settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BILLING_PROVIDER: 'local',
      baseUrl: 'http://localhost:3000',
      SUPER_ADMIN_EMAILS: [],
      LOG_WRITES: 'async',
      SESSION_CACHE_SECONDS: 30,
      SESSION_MEMO_ENTRIES: 10_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(config.YOUTUBE_PROXY_URL).toBeUndefined();
  });

  it('takes an HTTP or HTTPS proxy for YouTube, with credentials', () => {
    for (const url of ['http://proxy.example.com:3128', 'https://user:pass@proxy.example.com'])
      expect(loadConfig({ YOUTUBE_PROXY_URL: url }).YOUTUBE_PROXY_URL).toBe(url);
  });

  it("loads YouTube's IFrame API script unless told another: https://, or http:// on this machine", () => {
    expect(loadConfig({}).YOUTUBE_IFRAME_API_URL).toBe('https://www.youtube.com/iframe_api');
    for (const url of ['https://player.example.com/iframe_api', 'http://127.0.0.1:4567/iframe_api'])
      expect(loadConfig({ YOUTUBE_IFRAME_API_URL: url }).YOUTUBE_IFRAME_API_URL).toBe(url);
  });

  it('takes a weekly schedule the job queue can read, names of days included', () => {
    expect(loadConfig({ WEEKLY_EMAIL_SCHEDULE: '0 8 * * MON' }).WEEKLY_EMAIL_SCHEDULE).toBe('0 8 * * MON');
  });

  it('treats empty values as unset and normalises lists', () => {
    const config = loadConfig({
      PORT: '',
      SUPER_ADMIN_EMAILS: ' A@Example.com ,b@example.com,',
      BASE_URL: 'https://app.example.com/',
    });
    expect(config.PORT).toBe(3000);
    expect(config.SUPER_ADMIN_EMAILS).toEqual(['a@example.com', 'b@example.com']);
    expect(config.baseUrl).toBe('https://app.example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SUPER_ADMIN_EMAILS: 'not-an-email' }, 'SUPER_ADMIN_EMAILS'],
    [{ BILLING_PROVIDER: 'paypal' }, 'BILLING_PROVIDER'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ BILLING_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ RATE_LIMIT_ENABLED: 'maybe' }, 'RATE_LIMIT_ENABLED'],
    [{ LOG_WRITES: 'buffered' }, 'LOG_WRITES'],
    [{ SESSION_CACHE_SECONDS: '300' }, 'SESSION_CACHE_SECONDS'],
    [{ SESSION_MEMO_ENTRIES: '-1' }, 'SESSION_MEMO_ENTRIES'],
    [{ YOUTUBE_DAILY_QUOTA: '0' }, 'YOUTUBE_DAILY_QUOTA'],
    [{ YOUTUBE_QUOTA_SHARE: '1.5' }, 'YOUTUBE_QUOTA_SHARE'],
    [{ YOUTUBE_PROXY_URL: 'socks5://127.0.0.1:1080' }, 'YOUTUBE_PROXY_URL'],
    [{ YOUTUBE_PROXY_URL: 'proxy.example.com:3128' }, 'YOUTUBE_PROXY_URL'],
    [{ YOUTUBE_IFRAME_API_URL: 'www.youtube.com/iframe_api' }, 'YOUTUBE_IFRAME_API_URL'],
    [{ YOUTUBE_IFRAME_API_URL: 'javascript:alert(1)' }, 'YOUTUBE_IFRAME_API_URL'],
    [{ YOUTUBE_IFRAME_API_URL: 'http://scripts.example.com/iframe_api' }, 'YOUTUBE_IFRAME_API_URL'],
    [{ NODE_ENV: 'production', OFFLINE_MODEL_TEST_GATE: 'true' }, 'OFFLINE_MODEL_TEST_GATE'],
    // Admission of new replies, password hashes, the job queue and its schedules.
    [{ REPLIES_IN_FLIGHT_MAX: '0' }, 'REPLIES_IN_FLIGHT_MAX'],
    [{ REPLIES_IN_FLIGHT_MAX: 'many' }, 'REPLIES_IN_FLIGHT_MAX'],
    [{ REPLIES_PREPARING_MAX: '0' }, 'REPLIES_PREPARING_MAX'],
    [{ REPLIES_PREPARING_MAX: '2.5' }, 'REPLIES_PREPARING_MAX'],
    [{ EVENT_LOOP_DELAY_MAX_MS: '0' }, 'EVENT_LOOP_DELAY_MAX_MS'],
    [{ EVENT_LOOP_DELAY_MAX_MS: '60001' }, 'EVENT_LOOP_DELAY_MAX_MS'],
    [{ EVENT_LOOP_UTILIZATION_MAX_PERCENT: '101' }, 'EVENT_LOOP_UTILIZATION_MAX_PERCENT'],
    [{ EVENT_LOOP_UTILIZATION_MAX_PERCENT: '0' }, 'EVENT_LOOP_UTILIZATION_MAX_PERCENT'],
    [{ HEAP_USED_MAX_PERCENT: '101' }, 'HEAP_USED_MAX_PERCENT'],
    [{ HEAP_USED_MAX_PERCENT: '-5' }, 'HEAP_USED_MAX_PERCENT'],
    [{ PASSWORD_HASHES_IN_FLIGHT_MAX: '0' }, 'PASSWORD_HASHES_IN_FLIGHT_MAX'],
    [{ PASSWORD_HASHES_IN_FLIGHT_MAX: '257' }, 'PASSWORD_HASHES_IN_FLIGHT_MAX'],
    [{ PASSWORD_HASHES_WAITING_MAX: '-1' }, 'PASSWORD_HASHES_WAITING_MAX'],
    [{ PASSWORD_HASHES_WAITING_MAX: 'lots' }, 'PASSWORD_HASHES_WAITING_MAX'],
    [{ JOB_QUEUE_CHECK_SECONDS: '0' }, 'JOB_QUEUE_CHECK_SECONDS'],
    [{ JOB_QUEUE_CHECK_SECONDS: '3601' }, 'JOB_QUEUE_CHECK_SECONDS'],
    [{ WEEKLY_EMAIL_SCHEDULE: 'every monday' }, 'WEEKLY_EMAIL_SCHEDULE'],
    [{ WEEKLY_EMAIL_SCHEDULE: '61 * * * 1' }, 'WEEKLY_EMAIL_SCHEDULE'],
    [{ WEEKLY_EMAIL_SCHEDULE: '0 8 * * 8' }, 'WEEKLY_EMAIL_SCHEDULE'],
  ])('stops on %o naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.variable)).toContain(variable);
    expect((error as ConfigError).message).toContain(variable);
  });
});

describe('test-only settings', () => {
  it('are taken outside production, where the journeys and API tests run', () => {
    for (const NODE_ENV of ['test', 'development']) {
      expect(loadConfig({ NODE_ENV, OFFLINE_MODEL_TEST_GATE: 'true' }).OFFLINE_MODEL_TEST_GATE).toBe(true);
    }
  });

  it('stop a production start, each named with why', () => {
    for (const variable of TEST_ONLY_VARIABLES) {
      expect(() => loadConfig({ NODE_ENV: 'production', [variable]: 'true' })).toThrow(
        `${variable}: is a test-only setting and must not be set when NODE_ENV=production`,
      );
      expect(loadConfig({ NODE_ENV: 'production', [variable]: 'false' })[variable]).toBe(false);
    }
  });
});

describe('loopback addresses', () => {
  it('knows this machine by name and address, and nothing else', () => {
    for (const url of [
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of [
      'https://vidvisor.example',
      'http://10.0.0.5:3000',
      'http://localhost.example.com',
      'http://127.0.0.1.example.com',
      'http://[::2]',
      'http://0.0.0.0:3000',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});

describe('trusted origins', () => {
  it('accepts every loopback name of the port when BASE_URL is not set', () => {
    expect(trustedOrigins(loadConfig({ PORT: '4100', NODE_ENV: 'production' }))).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
      'http://[::1]:4100',
    ]);
  });

  it('accepts every loopback name of a loopback BASE_URL, with its scheme and port', () => {
    expect(
      trustedOrigins(loadConfig({ BASE_URL: 'https://127.0.0.1:8443/', NODE_ENV: 'production' })),
    ).toEqual(['https://127.0.0.1:8443', 'https://localhost:8443', 'https://[::1]:8443']);
  });

  it('accepts only BASE_URL when it names another address', () => {
    expect(
      trustedOrigins(loadConfig({ BASE_URL: 'https://app.example.com/', NODE_ENV: 'production' })),
    ).toEqual(['https://app.example.com']);
    expect(
      trustedOrigins(loadConfig({ BASE_URL: 'http://192.168.1.20:3000', NODE_ENV: 'production' })),
    ).toEqual(['http://192.168.1.20:3000']);
  });
});
