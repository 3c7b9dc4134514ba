import type { ChatModelSetting } from './chatModels';
import type { CommerceSettings } from './commerce';
import type { IdentitySettings } from './identity';
import type { OAuthSettings } from './oauth';

// What the api runs with: the Config that `loadConfig` builds from the environment, area by area.

export type NodeEnv = 'development' | 'test' | 'production';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** A real MongoDB; when absent the api runs embedded-mongo in-process (see embeddedMongoThread). */
  mongodbUri: string | undefined;
  /** Absolute folder for local data; embedded-mongo keeps its files in `<dataDir>/mongo`. */
  dataDir: string;
  /** Embedded-mongo on its own worker thread (the default), or on the api's event loop when false. */
  embeddedMongoThread: boolean;
  /**
   * Api processes on this machine (node:cluster): above 1 the started process becomes the primary, which owns the
   * port and the embedded database and forks this many workers.
   */
  workers: number;
  /**
   * How socket.io pushes reach sockets held by other processes: 'local' (this process, or the cluster's other
   * workers through the primary when `workers` > 1) or 'mongo' (every api process on any machine sharing the
   * database; needs a replica set).
   */
  socketAdapter: 'local' | 'mongo';
  /** Check every answer against its response contract (default: on when NODE_ENV is test). */
  contractCheck: boolean;
  /**
   * Browser tests only (never in production): `POST /api/dev/chat_model` points this process's play chat at a
   * loopback OpenAI-compatible server, or back to the configured provider.
   */
  devChatSwitch: boolean;
  /**
   * Browser tests only (never in production): play time's clock can be moved forward or back (`POST
   * /api/dev/play_clock`), its offset kept in MongoDB so every api process agrees.
   */
  devPlayClock: boolean;
  /**
   * Whether socket.io clients may fall back to long-polling (default true). With `workers` > 1 that needs the
   * primary's sticky balancer, which relays request bodies and streamed answers between processes; false lets
   * node:cluster hand whole connections to the workers instead (cheaper per request) and accepts websockets only.
   */
  socketPolling: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  appOrigin: string;
  sessionSecret: string;
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined };
  /** Models for the openai-compatible moderation and images endpoints (used only when a model is configured). */
  ai: { moderationModel: string; imageModel: string };
  /**
   * Speech in play: an OpenAI-compatible `/audio/speech` when `model` is set (at `baseUrl`, default LLM_BASE_URL),
   * the offline engine otherwise; `dailyQuota` sentences per user per UTC day.
   */
  tts: { model: string | undefined; baseUrl: string | undefined; apiKey: string | undefined; dailyQuota: number };
  /**
   * Custom voices: when `model` is set, a recording is sent to an OpenAI-compatible `/audio/transcriptions` (at
   * `baseUrl`, default LLM_BASE_URL) and must read the text shown.
   */
  asr: { model: string | undefined; baseUrl: string | undefined; apiKey: string | undefined };
  /** Calls (the call module): the longest call, a user's call time and recognised speech per UTC day, in seconds. */
  calls: { maxSeconds: number; dailySeconds: number; asrDailySeconds: number };
  /** An extra forbidden-word list (one per line) on top of `config/forbidden-words/*.txt`. */
  forbiddenWordsFile: string | undefined;
  /** How often the review worker looks for queued jobs. */
  reviewPollMs: number;
  /** The least time between a publish and its review (0: at once); lets a staging run watch a story under review. */
  reviewDelayMs: number;
  /** A running review's lease, renewed while it runs; another process takes the job once it lapses (REVIEW_LOCK_MS). */
  reviewLockMs: number;
  /** Pictures one user may generate per UTC day. */
  imageDailyQuota: number;
  /** A play shared as a video: renders per user and UTC day, and the ffmpeg program. */
  video: { dailyRenders: number; ffmpegPath: string };
  /** Collections: creations one may hold (COLLECTION_SELECTION_LIMIT) and collections per user (COLLECTION_COUNT_LIMIT). */
  collections: { selectionLimit: number; countLimit: number };
  /** Threads: message groups one thread may hold (THREAD_GROUP_LIMIT) and threads one may post per UTC day (THREAD_DAILY_LIMIT). */
  threads: { groupLimit: number; dailyLimit: number };
  /** Brainstorm generation plans: daily quota per user, stories per user, and the job runner's timing. */
  plans: {
    dailyQuota: number;
    storyCountLimit: number;
    /** How often the job runner looks for due plans. */
    pollMs: number;
    /** A running plan's lease: another process takes it over this long after its process died. */
    lockMs: number;
    /** Pace of the offline storyteller's steps, so creating shows its progress as a model's plan would. */
    offlineStepMs: number;
  };
  /** Custom voices' review job: the pause before each step (their queue polls and locks as plans do). */
  voiceJobs: { stepMs: number };
  /**
   * How long an account may be served from this process's memory (0: never). The session itself is read on every
   * request, and every model write to the account moves a revision on its sessions, so logouts, bans, deletions and
   * edits made in any process are seen at once; only a write that bypasses the models waits out this time.
   */
  sessionCacheMs: number;
  trustProxy: boolean;
  /** The browser-facing origin of the api (the shell's when it proxies `/api`); provider redirect URIs use it. */
  publicUrl: string;
  /** Sign-in providers; a provider is present only when all of its settings are. */
  oauth: OAuthSettings;
  sms: {
    provider: 'outbox' | 'webhook';
    webhookUrl: string | undefined;
    webhookToken: string | undefined;
    /** Code requests allowed per client address per hour. */
    ipSendsPerHour: number;
  };
  /** ISO 3166 alpha-2 codes, upper case; sign-in from these regions is refused. */
  blockedCountries: string[];
  /** Chat turns a guest may take before being asked to sign in. */
  guestChatTurns: number;
  /** Story play: limits on what a player sends and how the storyteller answers. */
  chat: ChatSettings;
  /** The models a player may choose (CHAT_MODELS); empty: every play uses LLM_MODEL. */
  chatModels: ChatModelSetting[];
  /** Membership plans, the payment provider and rewarded ads. */
  commerce: CommerceSettings;
  /** Real-name verification and anti-addiction. */
  identity: IdentitySettings;
}

export interface ChatSettings {
  /** Messages a signed-in non-member may send per UTC day. */
  dailyLimit: number;
  inputMaxChars: number;
  inputMaxTokens: number;
  /** A model answer must start, and keep streaming, within this; also bounds the non-streamed judge calls. */
  timeoutMs: number;
  /** Attempts after the first, only before the first token arrives. */
  retries: number;
  /** The model's context window; prompts are cut to fit it with room left for the reply. */
  contextTokens: number;
  replyTokens: number;
  /** Pace of the offline storyteller, so its replies stream like a model's. */
  offlineTokenDelayMs: number;
  /** How long a standby `stream_reply` waits for the play's next turn before it sends `idle` and ends. */
  standbyWaitMs: number;
}
