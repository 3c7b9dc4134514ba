import path from 'node:path';
import { envSchema, pickKnown } from './env';
import { chatModelSettings, type ChatModelSetting } from './chatModels';
import { commerceSettings, type CommerceSettings } from './commerce';
import { identitySettings, type IdentitySettings } from './identity';
import { oauthSettings } from './oauth';
import type { Config } from './settings';

export type { ChatSettings, Config, NodeEnv } from './settings';
export type { CommerceSettings, PlanSettings } from './commerce';
export type { ChatModelSetting } from './chatModels';
export type { AntiAddictionRule, IdentitySettings } from './identity';
export type { OAuth2ProviderSettings, OAuthSettings, OidcProviderSettings } from './oauth';

/** The repository root: the default data folder lives beside the workspaces, not inside one. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

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
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'required when STRIPE_SECRET_KEY is set');
  }
  const sessionSecret = e.SESSION_SECRET ?? DEV_SESSION_SECRET;
  let commerce: CommerceSettings;
  try {
    commerce = commerceSettings(e, sessionSecret);
  } catch (err) {
    throw new ConfigError('COMMERCE_PLANS', (err as Error).message);
  }
  let chatModels: ChatModelSetting[];
  try {
    chatModels = chatModelSettings(e.CHAT_MODELS);
  } catch (err) {
    throw new ConfigError('CHAT_MODELS', (err as Error).message);
  }
  let identity: IdentitySettings;
  try {
    identity = identitySettings(e, sessionSecret);
  } catch (err) {
    throw new ConfigError('ANTI_ADDICTION_REGIONS', (err as Error).message);
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
    devPlayClock: (e.DEV_PLAY_CLOCK ?? false) && e.NODE_ENV !== 'production',
    socketPolling: e.SOCKET_POLLING ?? true,
    logLevel: e.LOG_LEVEL,
    appOrigin: e.APP_ORIGIN,
    sessionSecret,
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    ai: { moderationModel: e.LLM_MODERATION_MODEL, imageModel: e.LLM_IMAGE_MODEL },
    tts: { model: e.TTS_MODEL, baseUrl: e.TTS_BASE_URL ?? e.LLM_BASE_URL, apiKey: e.TTS_API_KEY ?? e.LLM_API_KEY, dailyQuota: e.TTS_DAILY_QUOTA },
    asr: { model: e.ASR_MODEL, baseUrl: e.ASR_BASE_URL ?? e.LLM_BASE_URL, apiKey: e.ASR_API_KEY ?? e.LLM_API_KEY },
    calls: { maxSeconds: e.CALL_MAX_SECONDS, dailySeconds: e.CALL_DAILY_SECONDS, asrDailySeconds: e.ASR_DAILY_SECONDS },
    forbiddenWordsFile: e.FORBIDDEN_WORDS_FILE ? path.resolve(e.FORBIDDEN_WORDS_FILE) : undefined,
    reviewPollMs: e.REVIEW_POLL_MS,
    reviewDelayMs: e.REVIEW_DELAY_MS,
    reviewLockMs: e.REVIEW_LOCK_MS,
    imageDailyQuota: e.IMAGE_DAILY_QUOTA,
    video: { dailyRenders: e.VIDEO_DAILY_RENDERS, ffmpegPath: e.FFMPEG_PATH },
    collections: { selectionLimit: e.COLLECTION_SELECTION_LIMIT, countLimit: e.COLLECTION_COUNT_LIMIT },
    threads: { groupLimit: e.THREAD_GROUP_LIMIT, dailyLimit: e.THREAD_DAILY_LIMIT },
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
    chatModels,
    commerce,
    identity,
  };
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
    payments: config.commerce.stripe ? 'stripe' : 'sandbox',
  };
}

/** Which AI provider the config selects: a model when one is configured, the offline storyteller otherwise. */
export function aiMode(config: Config): 'offline' | 'model' {
  return config.llm.baseUrl && config.llm.model ? 'model' : 'offline';
}
