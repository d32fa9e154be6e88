import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseConnection } from '../db/client';
import type { Logger } from '../logger';

/**
 * Background work on a job queue kept in the app's own database (decision 045): pg-boss, on PGlite in
 * the embedded default and on PostgreSQL with any number of processes, each job run by one of them.
 */
export interface JobDefinition<Data extends object = object> {
  /** The queue's name: kebab-case, unique. */
  name: string;
  /** Runs one job. Throwing fails this attempt: it is retried with backoff until `retryLimit`. */
  run(data: Data): Promise<void>;
  /** A cron expression (UTC): one job per occurrence across all processes. */
  schedule?: string;
  /** At most one job of this name queued or running at once, across processes. */
  singleton?: boolean;
  /** Attempts after the first one (default 2). */
  retryLimit?: number;
  /** The wait before the first retry; each later one waits about twice as long (default 30 s). */
  retryDelaySeconds?: number;
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  timeoutSeconds?: number;
  /** Queued whenever a working process starts (with `singleton`, once however many start). */
  queueAtStart?: boolean;
}

/** What operators see of the queue on the admin console. */
export interface JobQueueHealth {
  queues: {
    name: string;
    /** Jobs queued or waiting for a retry. */
    waiting: number;
    running: number;
    failedLast24h: number;
    /** The cron expression when the job runs on a schedule. */
    schedule: string | null;
    /** When the schedule's latest job started (or was sent, if it has not started). */
    lastRunAt: Date | null;
    lastRunState: string | null;
  }[];
}

export interface JobQueue {
  /** Adds a job: call before `start`. */
  register<Data extends object>(job: JobDefinition<Data>): void;
  /**
   * Installs the queue's tables (pg-boss's own migrations). With `work`, this process also runs jobs,
   * fires schedules and retries jobs whose process died; without, it only sends and reads (tests, CLI).
   * Every other method starts the queue without `work` when it has not started.
   */
  start(options: { work: boolean }): Promise<void>;
  /** Queues a job, to run after `delaySeconds` when given; a `key` already queued is not queued twice. */
  send(name: string, data?: object, options?: { key?: string; delaySeconds?: number }): Promise<void>;
  /** Runs, in this process and now, the jobs of `name` that are due; answers how many ran. */
  runQueued(name: string): Promise<number>;
  health(): Promise<JobQueueHealth>;
  /** Stops taking jobs and waits up to `timeoutMs` for those running, which end or are retried elsewhere. */
  stop(timeoutMs: number): Promise<void>;
}

export interface JobQueueOptions {
  connection: DatabaseConnection;
  logger: Logger;
  /** How often a working process fires due schedules and fails the jobs of processes that died. */
  checkSeconds: number;
}

const SCHEMA = 'pgboss';
/** A running job's process says it is alive this often; one silent for longer is retried elsewhere. */
const HEARTBEAT_SECONDS = 10;
const PGBOSS_POOL_SIZE = 3;

export function createJobQueue({ connection, logger, checkSeconds }: JobQueueOptions): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  let started: Promise<PgBoss> | undefined;

  const definition = (name: string) => {
    const job = jobs.get(name);
    if (!job) throw new Error(`No job named ${name} is registered`);
    return job;
  };

  /** Runs one job, logging its cause: the queue keeps only a message without the user's data. */
  const runLogged = async (job: JobDefinition, id: string, data: object | null) => {
    try {
      await job.run(data ?? {});
    } catch (error) {
      logger.error({ err: error, job: job.name, jobId: id }, 'background job failed');
      throw new Error(`${job.name} failed: the server log has the cause`);
    }
  };

  async function open(work: boolean): Promise<PgBoss> {
    const boss = new PgBoss({
      ...(connection.kind === 'pglite'
        ? { db: fromPglite(connection.client), backend: 'pglite' as const }
        : { connectionString: connection.url, max: PGBOSS_POOL_SIZE }),
      schema: SCHEMA,
      schedule: work,
      supervise: work,
      registerInstance: work,
      superviseIntervalSeconds: checkSeconds,
      monitorIntervalSeconds: checkSeconds,
      cronMonitorIntervalSeconds: Math.min(checkSeconds, 30),
      cronWorkerIntervalSeconds: Math.min(checkSeconds, 5),
    });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
    await boss.start();
    for (const job of jobs.values()) {
      const options = {
        policy: job.singleton ? 'exclusive' : 'standard',
        retryLimit: job.retryLimit ?? 2,
        retryDelay: job.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: job.timeoutSeconds ?? 900,
        heartbeatSeconds: HEARTBEAT_SECONDS,
      };
      if (await boss.getQueue(job.name)) {
        const { policy: _fixedAtCreation, ...changeable } = options;
        await boss.updateQueue(job.name, changeable);
      } else {
        await boss.createQueue(job.name, options);
      }
    }
    if (work) {
      for (const job of jobs.values()) {
        if (job.schedule) await boss.schedule(job.name, job.schedule, null, { tz: 'UTC' });
        else await boss.unschedule(job.name);
        await boss.work(job.name, { batchSize: 1 }, ([received]) =>
          runLogged(job, received!.id, received!.data as object | null),
        );
        if (job.queueAtStart) await boss.send(job.name, {});
      }
    }
    return boss;
  }

  const ready = () => {
    started ??= open(false);
    return started;
  };

  return {
    register(job) {
      if (started) throw new Error(`Register ${job.name} before the job queue starts`);
      jobs.set(job.name, job as unknown as JobDefinition);
    },
    async start({ work }) {
      if (started) throw new Error('The job queue has already started');
      started = open(work);
      await started;
    },
    async send(name, data = {}, { key, delaySeconds } = {}) {
      definition(name);
      await (await ready()).send(name, data, {
        ...(key ? { singletonKey: key } : {}),
        ...(delaySeconds ? { startAfter: delaySeconds } : {}),
      });
    },
    async runQueued(name) {
      const job = definition(name);
      const boss = await ready();
      let ran = 0;
      for (let [received] = await boss.fetch(name); received; [received] = await boss.fetch(name)) {
        ran++;
        try {
          await runLogged(job, received.id, received.data as object | null);
          await boss.complete(name, received.id);
        } catch (error) {
          await boss.fail(name, received.id, { message: (error as Error).message });
        }
      }
      return ran;
    },
    async health() {
      const queues = await queueHealth(await ready(), [...jobs.keys()]);
      return {
        queues: queues.map((queue) => ({ ...queue, schedule: definition(queue.name).schedule ?? null })),
      };
    },
    async stop(timeoutMs) {
      if (!started) return;
      const boss = await started.catch(() => undefined);
      await boss?.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

interface HealthRow {
  name: string;
  waiting: number;
  running: number;
  failed: number;
  last_run_at: Date | string | null;
  last_run_state: string | null;
}

/** One read of pg-boss's tables: counts per queue and the latest job of each schedule. */
async function queueHealth(
  boss: PgBoss,
  names: string[],
): Promise<Omit<JobQueueHealth['queues'][number], 'schedule'>[]> {
  const { rows } = await boss.getDb().executeSql(
    `select q.name,
       (select count(*)::int from ${SCHEMA}.job j where j.name = q.name and j.state in ('created', 'retry')) as waiting,
       (select count(*)::int from ${SCHEMA}.job j where j.name = q.name and j.state = 'active') as running,
       (select count(*)::int from ${SCHEMA}.job j where j.name = q.name and j.state = 'failed'
          and j.completed_on > now() - interval '24 hours') as failed,
       coalesce(last.started_on, last.created_on) as last_run_at,
       last.state::text as last_run_state
     from unnest($1::text[]) as q(name)
     left join ${SCHEMA}.schedule s on s.name = q.name and s.key = ''
     left join ${SCHEMA}.job last on last.name = q.name and last.id = s.last_job_id
     order by q.name`,
    [names],
  );
  return (rows as HealthRow[]).map((row) => ({
    name: row.name,
    waiting: Number(row.waiting),
    running: Number(row.running),
    failedLast24h: Number(row.failed),
    lastRunAt: row.last_run_at === null ? null : new Date(row.last_run_at),
    lastRunState: row.last_run_state,
  }));
}
