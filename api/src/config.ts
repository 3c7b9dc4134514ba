import path from 'node:path';
import { LIMITS } from 'shared-kit';
import { z } from 'zod';

/** The repository root: the default data folder lives beside the workspaces, not inside one. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me';

/** Raised when the environment cannot be turned into a Config; the message names the variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, reason: string) {
    super(`Invalid environment variable ${variable}: ${reason}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

const optionalString = z.string().trim().optional();

const boolFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(v), {
    message: 'expected true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected an integer port number')
    .transform(Number)
    .pipe(z.number().int().min(0, 'expected 0-65535').max(65535, 'expected 0-65535'))
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  MONGODB_URI: z
    .string()
    .trim()
    .regex(/^mongodb(\+srv)?:\/\//, 'expected a mongodb:// or mongodb+srv:// URI')
    .optional(),
  DATA_DIR: optionalString,
  EMBEDDED_MONGO_THREAD: boolFromEnv,
  API_WORKERS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1, 'expected at least 1').max(64, 'expected at most 64'))
    .default(1),
  SOCKET_ADAPTER: z.enum(['local', 'mongo']).default('local'),
  CONTRACT_CHECK: boolFromEnv,
  DEV_CHAT_SWITCH: boolFromEnv,
  SOCKET_POLLING: boolFromEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ORIGIN: z.url({ message: 'expected an absolute URL such as http://localhost:8080' }).default('http://localhost:8080'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  LLM_BASE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_MODERATION_MODEL: z.string().trim().min(1).default('omni-moderation-latest'),
  LLM_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
  TTS_MODEL: optionalString,
  TTS_BASE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  TTS_API_KEY: optionalString,
  ASR_MODEL: optionalString,
  ASR_BASE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  ASR_API_KEY: optionalString,
  TTS_DAILY_QUOTA: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().max(1_000_000, 'expected at most 1000000'))
    .default(2000),
  FORBIDDEN_WORDS_FILE: optionalString,
  REVIEW_POLL_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(10, 'expected at least 10').max(600_000, 'expected at most 600000'))
    .default(1000),
  REVIEW_DELAY_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().max(3_600_000, 'expected at most 3600000'))
    .default(0),
  IMAGE_DAILY_QUOTA: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().max(100_000, 'expected at most 100000'))
    .default(50),
  BRAINSTORM_DAILY_QUOTA: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(10),
  STORY_COUNT_LIMIT: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(200),
  PLAN_POLL_MS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(1000),
  PLAN_LOCK_MS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).pipe(z.number().int().min(500, 'expected at least 500')).default(60_000),
  VOICE_JOB_STEP_MS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(300),
  PLAN_OFFLINE_STEP_MS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(1500),
  SESSION_CACHE_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().max(60_000, 'expected at most 60000'))
    .default(5000),
  TRUST_PROXY: boolFromEnv,
  PUBLIC_URL: z.url({ message: 'expected an absolute URL such as https://example.com' }).optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url({ message: 'expected an absolute issuer URL' }).default('https://accounts.google.com'),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_ISSUER: z.url({ message: 'expected an absolute issuer URL' }).default('https://appleid.apple.com'),
  SHORTVIDEO_CLIENT_KEY: optionalString,
  SHORTVIDEO_CLIENT_SECRET: optionalString,
  SHORTVIDEO_AUTHORIZE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  SHORTVIDEO_TOKEN_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  SHORTVIDEO_USERINFO_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  SMS_PROVIDER: z.enum(['outbox', 'webhook']).default('outbox'),
  SMS_WEBHOOK_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  SMS_WEBHOOK_TOKEN: optionalString,
  SMS_IP_SENDS_PER_HOUR: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1, 'expected a positive integer'))
    .default(20),
  BLOCKED_COUNTRIES: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}(\s*,\s*[A-Z]{2})*$/, 'expected a comma-separated list of two-letter country codes')
    .optional(),
  GUEST_CHAT_TURNS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .default(10),
  DAILY_CHAT_LIMIT: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(200),
  CHAT_INPUT_MAX_CHARS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(LIMITS.chatMessage),
  CHAT_INPUT_MAX_TOKENS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(400),
  LLM_TIMEOUT_MS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(30000),
  LLM_RETRIES: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(2),
  LLM_CONTEXT_TOKENS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(8192),
  LLM_REPLY_TOKENS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(400),
  OFFLINE_TOKEN_DELAY_MS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(25),
  STREAM_STANDBY_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(100, 'expected at least 100').max(600_000, 'expected at most 600000'))
    .default(60_000),
});

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
  /** An extra forbidden-word list (one per line) on top of `config/forbidden-words/*.txt`. */
  forbiddenWordsFile: string | undefined;
  /** How often the review worker looks for queued jobs. */
  reviewPollMs: number;
  /** The least time between a publish and its review (0: at once); lets a staging run watch a story under review. */
  reviewDelayMs: number;
  /** Pictures one user may generate per UTC day. */
  imageDailyQuota: number;
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

/**
 * Parses the environment once. Throws ConfigError naming the first bad variable; values are never echoed,
 * since some of them are secrets.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(pickKnown(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'invalid value');
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET', 'required when NODE_ENV is production');
  }
  if (e.SMS_PROVIDER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_WEBHOOK_URL', 'required when SMS_PROVIDER is webhook');
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    mongodbUri: e.MONGODB_URI,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, '.data'),
    embeddedMongoThread: e.EMBEDDED_MONGO_THREAD ?? true,
    workers: e.API_WORKERS,
    socketAdapter: e.SOCKET_ADAPTER,
    contractCheck: e.CONTRACT_CHECK ?? e.NODE_ENV === 'test',
    devChatSwitch: (e.DEV_CHAT_SWITCH ?? false) && e.NODE_ENV !== 'production',
    socketPolling: e.SOCKET_POLLING ?? true,
    logLevel: e.LOG_LEVEL,
    appOrigin: e.APP_ORIGIN,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    ai: { moderationModel: e.LLM_MODERATION_MODEL, imageModel: e.LLM_IMAGE_MODEL },
    tts: { model: e.TTS_MODEL, baseUrl: e.TTS_BASE_URL ?? e.LLM_BASE_URL, apiKey: e.TTS_API_KEY ?? e.LLM_API_KEY, dailyQuota: e.TTS_DAILY_QUOTA },
    asr: { model: e.ASR_MODEL, baseUrl: e.ASR_BASE_URL ?? e.LLM_BASE_URL, apiKey: e.ASR_API_KEY ?? e.LLM_API_KEY },
    forbiddenWordsFile: e.FORBIDDEN_WORDS_FILE ? path.resolve(e.FORBIDDEN_WORDS_FILE) : undefined,
    reviewPollMs: e.REVIEW_POLL_MS,
    reviewDelayMs: e.REVIEW_DELAY_MS,
    imageDailyQuota: e.IMAGE_DAILY_QUOTA,
    plans: {
      dailyQuota: e.BRAINSTORM_DAILY_QUOTA,
      storyCountLimit: e.STORY_COUNT_LIMIT,
      pollMs: e.PLAN_POLL_MS,
      lockMs: e.PLAN_LOCK_MS,
      offlineStepMs: e.PLAN_OFFLINE_STEP_MS,
    },
    voiceJobs: { stepMs: e.VOICE_JOB_STEP_MS },
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl: (e.PUBLIC_URL ?? e.APP_ORIGIN).replace(/\/+$/, ''),
    oauth: oauthSettings(e),
    sms: {
      provider: e.SMS_PROVIDER,
      webhookUrl: e.SMS_WEBHOOK_URL,
      webhookToken: e.SMS_WEBHOOK_TOKEN,
      ipSendsPerHour: e.SMS_IP_SENDS_PER_HOUR,
    },
    blockedCountries: e.BLOCKED_COUNTRIES ? e.BLOCKED_COUNTRIES.split(',').map((c) => c.trim()) : [],
    guestChatTurns: e.GUEST_CHAT_TURNS,
    chat: {
      dailyLimit: e.DAILY_CHAT_LIMIT,
      inputMaxChars: e.CHAT_INPUT_MAX_CHARS,
      inputMaxTokens: e.CHAT_INPUT_MAX_TOKENS,
      timeoutMs: e.LLM_TIMEOUT_MS,
      retries: e.LLM_RETRIES,
      contextTokens: e.LLM_CONTEXT_TOKENS,
      replyTokens: e.LLM_REPLY_TOKENS,
      offlineTokenDelayMs: e.OFFLINE_TOKEN_DELAY_MS,
      standbyWaitMs: e.STREAM_STANDBY_MS,
    },
  };
}

/** Only the variables we know, so unrelated environment never reaches the schema or an error message. */
function pickKnown(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    // An empty variable means unset, matching how compose files pass `${VAR:-}`.
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** A loggable summary of the config: no secrets, only whether they are set. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    nodeEnv: config.nodeEnv,
    port: config.port,
    host: config.host,
    mongo: config.mongodbUri ? 'external' : 'embedded',
    workers: config.workers,
    socketAdapter: config.socketAdapter,
    socketPolling: config.socketPolling,
    dataDir: config.dataDir,
    logLevel: config.logLevel,
    appOrigin: config.appOrigin,
    trustProxy: config.trustProxy,
    sessionCacheMs: config.sessionCacheMs,
    ai: aiMode(config),
    oauthProviders: Object.keys(config.oauth),
    sms: config.sms.provider,
    blockedCountries: config.blockedCountries,
  };
}

/** Which AI provider the config selects: a model when one is configured, the offline storyteller otherwise. */
export function aiMode(config: Config): 'offline' | 'model' {
  return config.llm.baseUrl && config.llm.model ? 'model' : 'offline';
}

export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OAuth2ProviderSettings {
  clientKey: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface OAuthSettings {
  google?: OidcProviderSettings;
  apple?: OidcProviderSettings;
  shortvideo?: OAuth2ProviderSettings;
}

/** Half-configured providers stay off rather than failing at sign-in time with a provider-side error. */
function oauthSettings(e: z.output<typeof envSchema>): OAuthSettings {
  const out: OAuthSettings = {};
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    out.google = { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET };
  }
  if (e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET) {
    out.apple = { issuer: e.APPLE_ISSUER, clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET };
  }
  const { SHORTVIDEO_CLIENT_KEY: key, SHORTVIDEO_CLIENT_SECRET: secret } = e;
  const { SHORTVIDEO_AUTHORIZE_URL: authorizeUrl, SHORTVIDEO_TOKEN_URL: tokenUrl, SHORTVIDEO_USERINFO_URL: userinfoUrl } = e;
  if (key && secret && authorizeUrl && tokenUrl && userinfoUrl) {
    out.shortvideo = { clientKey: key, clientSecret: secret, authorizeUrl, tokenUrl, userinfoUrl };
  }
  return out;
}
