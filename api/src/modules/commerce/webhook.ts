import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import type Stripe from 'stripe';
import type { PlanSettings } from '../../config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { RetryLater, applyEffect, prefetch } from './apply';
import { WebhookEventModel } from './commerce.model';
import { effectOf } from './events';
import { recompute } from './membership.service';
import { sendReceipt } from './receipts';
import type { PaymentProvider } from './provider';
import { isDuplicateKey } from '../users';

/** A claim this old belongs to a process that died mid-way: another delivery may take it over. */
const CLAIM_LEASE_MS = 60_000;

export interface WebhookResult {
  event_id: string;
  type: string;
  /** applied, duplicate (already applied) or ignored (a type we do not act on). */
  outcome: 'applied' | 'duplicate' | 'ignored';
}

/** Takes the event for this process: true when it is ours to apply, false when it was applied already. */
async function claim(event: Stripe.Event, provider: string, now: number): Promise<boolean> {
  try {
    await WebhookEventModel.create({ _id: event.id, type: event.type, provider, state: 'claimed', claimed_at: new Date(now) });
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  // Most repeats find the event applied: one read says so. Only a claim left by a process that stopped is taken over.
  const row = await WebhookEventModel.findById(event.id, { state: 1, claimed_at: 1 }).lean();
  if (row?.state === 'applied') return false;
  if (row && row.claimed_at.getTime() < now - CLAIM_LEASE_MS) {
    const taken = await WebhookEventModel.findOneAndUpdate(
      { _id: event.id, state: 'claimed', claimed_at: mongoose.trusted({ $lt: new Date(now - CLAIM_LEASE_MS) }) },
      { $set: { claimed_at: new Date(now) } },
    ).lean();
    if (taken) return true;
    if ((await WebhookEventModel.findById(event.id, { state: 1 }).lean())?.state === 'applied') return false;
  }
  // Another process is applying it right now: a non-2xx answer makes the provider deliver it again later.
  throw new AppError(ErrorCode.ConcurrentOperation, 'event: being applied by another process', { status: 409 });
}

/**
 * One delivery: the signature over the raw body first (a forged, altered or stale event is refused with 400 and
 * changes nothing), then the event applied exactly once in any number of processes (its id is a unique key), and
 * marked applied only after its order and membership are written.
 */
export async function handleWebhook(
  deps: { provider: PaymentProvider; plans: PlanSettings[]; now: () => number; log: Logger },
  raw: Buffer,
  signature: string,
): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    event = deps.provider.verify(raw, signature);
  } catch (err) {
    deps.log.warn({ reason: (err as Error).message.slice(0, 200), bytes: raw.length }, 'commerce webhook refused: bad signature');
    throw new AppError(ErrorCode.ClientParamError, 'stripe-signature: the signature does not match', { status: 400 });
  }
  const effect = effectOf(event);
  const base = { event_id: event.id, type: event.type };
  const now = deps.now();
  // A read the effect needs goes beside the claim instead of after it.
  const prefetched = prefetch(effect);
  if (!(await claim(event, deps.provider.name, now))) {
    deps.log.info({ ...base }, 'commerce webhook already applied');
    return { ...base, outcome: 'duplicate' };
  }
  try {
    const { uid, start, account, receipt } = await applyEffect(effect, event.created * 1000, deps.plans, now, prefetched);
    // The membership's end and the receipt depend on the orders just written, not on each other.
    const after = await Promise.allSettled([uid ? recompute(uid, now, start) : null, sendReceipt(receipt)]);
    for (const r of after) if (r.status === 'rejected') throw r.reason;
    await WebhookEventModel.updateOne({ _id: event.id }, { $set: { state: 'applied', applied_at: new Date(deps.now()) } });
    deps.log.info({ ...base, effect: effect.kind, uid: uid ?? account ?? null }, 'commerce webhook applied');
    return { ...base, outcome: effect.kind === 'ignored' ? 'ignored' : 'applied' };
  } catch (err) {
    // Nothing is marked: the provider's next delivery applies it (every write above is safe to repeat).
    await WebhookEventModel.deleteOne({ _id: event.id, state: 'claimed' });
    if (err instanceof RetryLater) {
      deps.log.info({ ...base, reason: err.message }, 'commerce webhook deferred');
      throw new AppError(ErrorCode.ConcurrentOperation, `event: ${err.message}`, { status: 409 });
    }
    throw err;
  }
}
