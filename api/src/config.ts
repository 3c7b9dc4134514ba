import path from 'node:path';
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ORIGIN: z.url({ message: 'expected an absolute URL such as http://localhost:8080' }).default('http://localhost:8080'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  LLM_BASE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  TRUST_PROXY: boolFromEnv,
});

export type NodeEnv = 'development' | 'test' | 'production';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** A real MongoDB; when absent the api runs embedded-mongo in-process. */
  mongodbUri: string | undefined;
  /** Absolute folder for local data; embedded-mongo keeps its files in `<dataDir>/mongo`. */
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  appOrigin: string;
  sessionSecret: string;
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined };
  trustProxy: boolean;
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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    mongodbUri: e.MONGODB_URI,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, '.data'),
    logLevel: e.LOG_LEVEL,
    appOrigin: e.APP_ORIGIN,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    trustProxy: e.TRUST_PROXY ?? false,
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
    dataDir: config.dataDir,
    logLevel: config.logLevel,
    appOrigin: config.appOrigin,
    trustProxy: config.trustProxy,
    ai: aiMode(config),
  };
}

/** Which AI provider the config selects: a model when one is configured, the offline storyteller otherwise. */
export function aiMode(config: Config): 'offline' | 'model' {
  return config.llm.baseUrl && config.llm.model ? 'model' : 'offline';
}
