import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { sendWeeklyEmails } from '../features/suggestions/weekly-email';
import { createLogger } from '../logger';
import { createRuntime } from '../runtime';

/**
 * npm run mail:weekly -- [--at <ISO time>]: sends the weekly mail (picks and plan check-in) that is due
 * now, or in the week of the given time, as the servers' weekly-email job does on Mondays. Users who
 * had it that week are skipped, so it is safe beside running servers (after a mail outage, say); a
 * mail the mail server refuses is queued for the servers' retries.
 */
async function main() {
  const at = process.argv.indexOf('--at');
  const now = at >= 0 ? new Date(process.argv[at + 1] ?? '') : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('Usage: npm run mail:weekly -- [--at <ISO time, e.g. 2026-11-30T08:00:00Z>]');
    process.exit(2);
  }
  loadDotEnv();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const runtime = await createRuntime(config, logger);
  try {
    console.log(`weekly mails sent: ${await sendWeeklyEmails(runtime.deps, now)}`);
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
