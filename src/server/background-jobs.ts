import { MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_JOB, MAIL_SWEEP_SCHEDULE } from './adapters/mail';
import type { AppDeps } from './context';
import { pollChannelsJob } from './features/channels/channels.service';
import { indexMigratedVideosJob, reindexVideoLanguagesJob } from './features/chat/sources.service';
import { buildDataExportJob, expireDataExportsJob } from './features/data-export/data-export.service';
import { rememberJob } from './features/memory/extraction';
import { weeklyEmailJob } from './features/suggestions/weekly-email';
import { pruneEndedCounters } from './http/rate-limit';
import type { JobDefinition } from './jobs';

/**
 * Every background job of the server (decision 045). A feature adds its job here, one line: a
 * `JobDefinition` built from the app's dependencies.
 */
export function backgroundJobs(deps: AppDeps): JobDefinition[] {
  return [
    weeklyEmailJob(deps),
    indexMigratedVideosJob(deps),
    reindexVideoLanguagesJob(deps),
    mailRetryJob(deps),
    pollChannelsJob(deps),
    pruneRateLimitCountersJob(deps),
    buildDataExportJob(deps),
    expireDataExportsJob(deps),
    rememberJob(deps),
  ];
}

/**
 * A mail whose delivery failed, delivered again: seven tries over about two hours (1, 2, 4… minutes).
 * Its schedule's runs (no mail named) deliver the mails whose sender died before handing them over.
 */
function mailRetryJob({ mailer }: Pick<AppDeps, 'mailer'>): JobDefinition<{ outboxId?: string }> {
  return {
    name: MAIL_RETRY_JOB,
    schedule: MAIL_SWEEP_SCHEDULE,
    retryLimit: 6,
    retryDelaySeconds: MAIL_RETRY_DELAY_SECONDS,
    async run({ outboxId }) {
      if (outboxId) await mailer.redeliver(outboxId);
      else await mailer.deliverAbandoned(new Date());
    },
  };
}

export const PRUNE_RATE_LIMIT_COUNTERS_JOB = 'prune-rate-limit-counters';

/** Once an hour, the rate limits' ended counters go: the table holds about one hour of subjects. */
function pruneRateLimitCountersJob({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): JobDefinition {
  return {
    name: PRUNE_RATE_LIMIT_COUNTERS_JOB,
    schedule: '41 * * * *',
    singleton: true,
    async run() {
      const pruned = await pruneEndedCounters(db);
      if (pruned) logger.info({ pruned }, 'ended rate-limit counters pruned');
    },
  };
}
