import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Env } from './env';

// Membership plans, the payment provider (Stripe when a secret key is set, the offline sandbox otherwise) and the
// rewarded ads at the chat limit.

/** A currency's prices are integers in its minor unit (cents for usd). */
const pricesSchema = z.record(z.string().regex(/^[a-z]{3}$/, 'expected a lower-case ISO 4217 code'), z.number().int().min(1));

const planSchema = z.object({
  goods_id: z.string().regex(/^[a-z0-9_]{2,40}$/, 'expected a short id of a-z, 0-9 and _'),
  /** `subscription`: renews every period until cancelled; `one_time`: one period, paid once. */
  kind: z.enum(['subscription', 'one_time']),
  days: z.number().int().min(1).max(366),
  prices: pricesSchema.refine((p) => Object.keys(p).length > 0, 'at least one currency'),
});
export type PlanSettings = z.output<typeof planSchema>;

export const plansSchema = z.array(planSchema).min(1).refine((list) => new Set(list.map((p) => p.goods_id)).size === list.length, 'goods_id must be unique');

/** The plans sold when COMMERCE_PLANS is not set: a monthly auto-renewing plan and a one-off month. */
export const DEFAULT_PLANS: PlanSettings[] = [
  { goods_id: 'vip_monthly', kind: 'subscription', days: 30, prices: { usd: 999, eur: 899, cny: 4800 } },
  { goods_id: 'vip_month_once', kind: 'one_time', days: 30, prices: { usd: 1299, eur: 1199, cny: 5800 } },
];

export interface CommerceSettings {
  plans: PlanSettings[];
  /** The currency a checkout uses when the client names none. */
  defaultCurrency: string;
  /** Set: real payments through Stripe. Absent: the offline sandbox provider. */
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    /** Tests only: where the SDK sends its calls (a loopback fake). */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  /** Signs the sandbox provider's webhooks (derived from the session secret unless COMMERCE_SANDBOX_SECRET is set). */
  sandboxSecret: string;
  /** How long an unpaid checkout stays open before another order may start. */
  checkoutTtlMs: number;
  ads: {
    /** Extra chats one completed ad view gives for the day. */
    rewardChats: number;
    viewsPerDay: number;
    /** The least time between an ad's start and its reward. */
    minWatchMs: number;
  };
}

function parsePlans(raw: string | undefined): PlanSettings[] {
  if (!raw) return DEFAULT_PLANS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('expected a JSON array of plans');
  }
  const parsed = plansSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'plans'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function stripeApi(url: string | undefined): NonNullable<CommerceSettings['stripe']>['api'] {
  if (!url) return undefined;
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Throws an Error whose message explains the bad value; the caller names the variable. */
export function commerceSettings(e: Env, sessionSecret: string): CommerceSettings {
  const plans = parsePlans(e.COMMERCE_PLANS);
  const defaultCurrency = e.COMMERCE_CURRENCY;
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api: stripeApi(e.STRIPE_API_URL) }
      : undefined;
  return {
    plans,
    defaultCurrency,
    stripe,
    sandboxSecret: e.COMMERCE_SANDBOX_SECRET ?? `whsec_${createHmac('sha256', sessionSecret).update('commerce-sandbox').digest('hex')}`,
    checkoutTtlMs: e.CHECKOUT_TTL_MS,
    ads: { rewardChats: e.AD_REWARD_CHATS, viewsPerDay: e.AD_VIEWS_PER_DAY, minWatchMs: e.AD_MIN_WATCH_MS },
  };
}
