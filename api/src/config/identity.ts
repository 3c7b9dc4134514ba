import { createHmac } from 'node:crypto';
import { z } from 'zod';

// Real-name verification (the provider, the keyed hash of identity numbers, attempts per day) and anti-addiction
// (play time per day and the allowed hours, per region).

const positiveInt = z.string().trim().regex(/^[1-9]\d*$/, 'expected a positive integer').transform(Number);

/** The variables this area reads; merged into the api's environment schema. */
export const identityEnv = {
  IDENTITY_PROVIDER_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  IDENTITY_PROVIDER_KEY: z.string().trim().optional(),
  IDENTITY_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  IDENTITY_ATTEMPTS_PER_DAY: positiveInt.default(5),
  PASSCODE_ATTEMPTS_PER_DAY: positiveInt.default(5),
  ANTI_ADDICTION_DAILY_MS: positiveInt.default(2 * 60 * 60 * 1000),
  ANTI_ADDICTION_TICK_MS: positiveInt.default(60_000),
  ANTI_ADDICTION_WARN_MS: positiveInt.default(5 * 60 * 1000),
  ANTI_ADDICTION_REGIONS: z.string().trim().optional(),
};

const ruleSchema = z
  .object({
    /** Play time per local day, in minutes (a fraction is allowed: 0.5 is 30 seconds). */
    daily_minutes: z.number().min(0).max(24 * 60),
    /** Allowed hours, local: [start, end) with 0 <= start < end <= 24. */
    hours: z.tuple([z.number().int().min(0).max(23), z.number().int().min(1).max(24)]).refine(([a, b]) => a < b, 'start before end'),
    utc_offset_minutes: z.number().int().min(-720).max(840).default(0),
    /** Applies to every account of the region, not only minors and youth mode. */
    everyone: z.boolean().default(false),
  })
  .strict();

export interface AntiAddictionRule {
  dailyMs: number;
  hours: [number, number];
  utcOffsetMinutes: number;
  everyone: boolean;
}

export interface IdentitySettings {
  /** Set: an HTTP verification provider; absent: the offline format and checksum check. */
  provider?: { url: string; key: string };
  /** Keys the hash that detects an identity number's reuse across accounts. */
  hashKey: string;
  attemptsPerDay: number;
  passcodeAttemptsPerDay: number;
  tickMs: number;
  warnMs: number;
  /** The rule of regions not listed (minors and youth mode only, all day). */
  defaultRule: AntiAddictionRule;
  /** Per ISO 3166 alpha-2 region, upper case. */
  regions: Record<string, AntiAddictionRule>;
}

type IdentityEnv = z.output<z.ZodObject<typeof identityEnv>>;

/** Throws an Error whose message explains the bad value; the caller names the variable. */
export function identitySettings(e: IdentityEnv, sessionSecret: string): IdentitySettings {
  const regions: Record<string, AntiAddictionRule> = {};
  if (e.ANTI_ADDICTION_REGIONS) {
    let json: unknown;
    try {
      json = JSON.parse(e.ANTI_ADDICTION_REGIONS);
    } catch {
      throw new Error('expected a JSON object of regions');
    }
    const parsed = z.record(z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166 alpha-2 code'), ruleSchema).safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${issue?.path.join('.') || 'regions'}: ${issue?.message ?? 'invalid'}`);
    }
    for (const [code, r] of Object.entries(parsed.data)) {
      regions[code] = { dailyMs: Math.round(r.daily_minutes * 60_000), hours: r.hours, utcOffsetMinutes: r.utc_offset_minutes, everyone: r.everyone };
    }
  }
  return {
    provider: e.IDENTITY_PROVIDER_URL ? { url: e.IDENTITY_PROVIDER_URL, key: e.IDENTITY_PROVIDER_KEY ?? '' } : undefined,
    hashKey: e.IDENTITY_HASH_KEY ?? createHmac('sha256', sessionSecret).update('identity-number').digest('hex'),
    attemptsPerDay: e.IDENTITY_ATTEMPTS_PER_DAY,
    passcodeAttemptsPerDay: e.PASSCODE_ATTEMPTS_PER_DAY,
    tickMs: e.ANTI_ADDICTION_TICK_MS,
    warnMs: e.ANTI_ADDICTION_WARN_MS,
    defaultRule: { dailyMs: e.ANTI_ADDICTION_DAILY_MS, hours: [0, 24], utcOffsetMinutes: 0, everyone: false },
    regions,
  };
}
