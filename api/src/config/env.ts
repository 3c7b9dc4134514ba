import { LIMITS } from 'shared-kit';
import { COLLECTION_LIMITS, THREAD_LIMITS } from 'shared-kit/areas';
import { z } from 'zod';
import { identityEnv } from './identity';

// The environment the api reads: every variable it knows, with its default and the words of its error.

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

/** Every variable the api reads, parsed and defaulted; an unknown variable never reaches it. */
export const envSchema = z.object({
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
  DEV_PLAY_CLOCK: boolFromEnv,
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
  /** Videos one user may render per UTC day (a play shared as a video). */
  VIDEO_DAILY_RENDERS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).pipe(z.number().int().max(1000, 'expected at most 1000')).default(5),
  /** The ffmpeg program that renders videos (Debian's `ffmpeg`; scripts/ensure-ffmpeg.sh installs it). */
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FORBIDDEN_WORDS_FILE: optionalString,
  /** Calls: the longest call, a user's call time per UTC day (seconds), the recognised speech per day (seconds). */
  CALL_MAX_SECONDS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).pipe(z.number().int().min(1).max(86_400)).default(600),
  CALL_DAILY_SECONDS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).pipe(z.number().int().max(86_400)).default(1800),
  ASR_DAILY_SECONDS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).pipe(z.number().int().max(86_400)).default(1800),
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
  REVIEW_LOCK_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(500, 'expected at least 500').max(3_600_000, 'expected at most 3600000'))
    .default(120_000),
  IMAGE_DAILY_QUOTA: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().max(100_000, 'expected at most 100000'))
    .default(50),
  BRAINSTORM_DAILY_QUOTA: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(10),
  COLLECTION_SELECTION_LIMIT: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).pipe(z.number().int().max(200, 'expected at most 200')).default(COLLECTION_LIMITS.selectionDefault),
  COLLECTION_COUNT_LIMIT: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(COLLECTION_LIMITS.countDefault),
  THREAD_GROUP_LIMIT: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).pipe(z.number().int().max(200, 'expected at most 200')).default(THREAD_LIMITS.groupDefault),
  THREAD_DAILY_LIMIT: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(THREAD_LIMITS.dailyDefault),
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
  COMMERCE_PLANS: optionalString,
  CHAT_MODELS: optionalString,
  COMMERCE_CURRENCY: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/, 'expected a three-letter currency code').default('usd'),
  COMMERCE_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  CHECKOUT_TTL_MS: z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number).default(30 * 60 * 1000),
  AD_REWARD_CHATS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(5),
  AD_VIEWS_PER_DAY: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(3),
  AD_MIN_WATCH_MS: z.string().trim().regex(/^\d+$/, 'expected a non-negative integer').transform(Number).default(15_000),
  ...identityEnv,
});

/** The environment once parsed: what `loadConfig` turns into a Config. */
export type Env = z.output<typeof envSchema>;

/** Only the variables we know, so unrelated environment never reaches the schema or an error message. */
export function pickKnown(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    // An empty variable means unset, matching how compose files pass `${VAR:-}`.
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}
