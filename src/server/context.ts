import type { Role } from '../shared/roles';
import type { AiProvider } from './adapters/ai';
import type { BillingProvider } from './adapters/billing';
import type { ChannelSource } from './adapters/channels';
import type { Mailer } from './adapters/mail';
import type { TranscriptFetcher } from './adapters/transcripts';
import type { VideoCatalog } from './adapters/video-catalog';
import type { Auth } from './auth/auth';
import type { PasswordHashing } from './auth/password-hashing';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Admission, ReplyPlace } from './http/admission';
import type { LiveReplies } from './http/live-replies';
import type { JobQueue } from './jobs';
import type { Logger } from './logger';

/** Everything the app is assembled from: built once by main.ts (or a test) and passed to every feature. */
export interface AppDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  billing: BillingProvider;
  /** Answers: an OpenAI-compatible endpoint, or the offline model when no key is set. */
  ai: AiProvider;
  transcripts: TranscriptFetcher;
  /** YouTube video details and searches: the Data API with YOUTUBE_API_KEY, oEmbed lookups without. */
  videos: VideoCatalog;
  /** Followed channels: their pages (or the Data API with a key) and their public uploads feeds. */
  channels: ChannelSource;
  logger: Logger;
  /** Background work: the job queue in the database (decision 045). */
  jobs: JobQueue;
  /** Whether this process can take a new reply now (decision 042). */
  admission: Admission;
  /** The replies this process is writing, followed by reloads and other tabs (decision 065). */
  liveReplies: LiveReplies;
  /** Password hashes, bounded so that sign-ins never starve signed-in users' requests. */
  passwordHashing: PasswordHashing;
  /** Aborted when the process starts shutting down: long work (AI streams) saves what it has and ends. */
  shutdownSignal: AbortSignal;
}

/** The signed-in user as our server code sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  createdAt: Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
    /** The place `admitReply` gave a reply, freed once the reply is saved (decision 042). */
    replyPlace?: ReplyPlace;
  };
}
