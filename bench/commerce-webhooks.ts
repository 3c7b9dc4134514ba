// Provider webhooks: `npx tsx bench/commerce-webhooks.ts` (also run by `npm run bench`).
// One subscribed member; WEBHOOKS renewal events (`invoice.paid`, one invoice each, periods one month apart), each
// delivered twice, all in a shuffled order, from CONCURRENCY senders against the real api on embedded-mongo. Every
// delivery's time is measured (signature check, the event's claim, the order and the membership written). Events
// answered 409 (being applied by another request right now) are delivered again at the end, as the provider retries.
// Checks: exactly WEBHOOKS renewal orders, each Paid once, and the membership's end the latest period's end.
// That burst keeps CONCURRENCY deliveries in flight in one process that is also the database and the senders: a
// delivery's time there is mostly its wait behind the others (in flight / throughput), so it is printed, not judged.
// Then a paced round, the time one delivery takes at a steady rate, as a provider sends them: PACED_MEMBERS other
// members' subscriptions, PACED_RENEWALS renewals each (a year of monthly renewals), each delivered twice in a shuffled
// order, PACED_RATE deliveries a second, each sent on time whatever is in flight (25 a second is over two million a
// day, far beyond what a membership base renewing once a month sends). The burst's member, with a thousand renewals
// (eighty years of them), is not where a delivery's usual time is measured.
// Then the database commands one delivery makes, counted one delivery at a time (mongoose's command hook; the
// background job queues' polls left out), for a renewal that moves the membership's end, one that does not (an older
// period arriving late), a repeat, and a subscription update: these do not depend on the machine's load.
// Judged (issue 31): the state after each round exactly right, no server fault, and the paced round's p95 <= 50 ms.
import mongoose from 'mongoose';
import { signInByPhone, startTestApi } from '../api/test/helpers';
import { deliver, SANDBOX_SECRET, shapes, signedEvent, type SignedEvent } from '../api/test/support/commerce';
import { ADULT } from '../api/test/support/playStories';
import { MembershipModel, TradeOrderModel } from '../api/src/modules/commerce';
import { closedLoop, paced } from './support/pace';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PACED_MEMBERS = Number(process.env.BENCH_PACED_MEMBERS ?? 25);
const PACED_RENEWALS = Number(process.env.BENCH_PACED_RENEWALS ?? 12);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 25);
const MONTH = 30 * 86400;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

/** The commands of one delivery, by collection and method, and its outcome. */
async function commandsOf(baseUrl: string, e: SignedEvent): Promise<{ outcome: string; ops: Record<string, number> }> {
  const ops: Record<string, number> = {};
  mongoose.set('debug', (collection: string, method: string) => {
    if (/jobs/.test(collection)) return;
    ops[`${collection}.${method}`] = (ops[`${collection}.${method}`] ?? 0) + 1;
  });
  try {
    const res = await deliver(baseUrl, e);
    // Work a delivery leaves running after its answer (none expected) is counted too.
    await new Promise((r) => setTimeout(r, 100));
    return { outcome: res.status === 200 ? res.body.data!.outcome : `http ${res.status}`, ops };
  } finally {
    mongoose.set('debug', false);
  }
}

/** Fewest commands of three deliveries of each kind (a command of something else can land in one count). */
async function countCommands(baseUrl: string, uid: string, firstEnd: number): Promise<void> {
  const total = (ops: Record<string, number>) => Object.values(ops).reduce((a, b) => a + b, 0);
  const kinds: Record<string, SignedEvent[]> = { 'renewal moving the end': [], 'renewal arriving late': [], repeat: [], 'subscription updated': [] };
  for (let i = 0; i < 3; i++) {
    const e = signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed('sub_bench', uid, 999, firstEnd + i * 30 * 86400, `in_count_${i}`));
    kinds['renewal moving the end']!.push(e);
    kinds.repeat!.push(e);
    kinds['renewal arriving late']!.push(signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed('sub_bench', uid, 999, firstEnd - (i + 2) * 86400, `in_late_${i}`)));
    kinds['subscription updated']!.push(signedEvent(SANDBOX_SECRET, 'customer.subscription.updated', shapes.updated('sub_bench', false)));
  }
  console.log('  database commands per delivery (one at a time, fewest of 3):');
  for (const [kind, list] of Object.entries(kinds)) {
    let best: { outcome: string; ops: Record<string, number> } | undefined;
    for (const e of list) {
      const counted = await commandsOf(baseUrl, e);
      if (!best || total(counted.ops) < total(best.ops)) best = counted;
    }
    const detail = Object.entries(best!.ops).map(([k, n]) => (n > 1 ? `${k} x${n}` : k)).join(', ');
    console.log(`    ${kind} (${best!.outcome}): ${total(best!.ops)} — ${detail}`);
  }
}

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Round {
  elapsed: number;
  times: number[];
  outcomes: Record<string, number>;
  byOutcome: Record<string, number[]>;
}

/**
 * Delivers every event of the queue, `concurrency` at a time (a closed loop) or `rate` a second (each sent on time,
 * whatever is in flight), timing each; events answered 409 (being applied by another request right now) are
 * delivered again at the end, as the provider retries.
 */
async function deliverAll(baseUrl: string, queue: SignedEvent[], how: { concurrency?: number; rate?: number }): Promise<Round> {
  const round: Round = { elapsed: 0, times: [], outcomes: {}, byOutcome: {} };
  const retry: SignedEvent[] = [];
  const one = async (e: SignedEvent) => {
    const t0 = performance.now();
    const res = await deliver(baseUrl, e);
    const took = performance.now() - t0;
    round.times.push(took);
    const outcome = res.status === 200 ? res.body.data!.outcome : `http ${res.status}`;
    (round.byOutcome[outcome] ??= []).push(took);
    round.outcomes[outcome] = (round.outcomes[outcome] ?? 0) + 1;
    if (res.status === 409) retry.push(e);
  };
  const began = performance.now();
  if (how.rate) await paced(queue.length, how.rate, (i) => one(queue[i]!));
  else await closedLoop(queue.length, how.concurrency ?? 1, (i) => one(queue[i]!));
  for (const e of retry) {
    const res = await deliver(baseUrl, e);
    const outcome = `retried ${res.status === 200 ? res.body.data!.outcome : res.status}`;
    round.outcomes[outcome] = (round.outcomes[outcome] ?? 0) + 1;
  }
  round.elapsed = performance.now() - began;
  round.times.sort((a, b) => a - b);
  return round;
}

/** Prints a round's outcomes and times (all, then by outcome), judged against p95 <= 50 ms or not; returns its p95. */
function printTimes(round: Round, judged: boolean, note = ''): number {
  const p95 = percentile(round.times, 95);
  const verdict = judged ? `(target p95 <= 50 ms) ${p95 <= 50 ? 'PASS' : 'FAIL'}` : `(${note}, not judged)`;
  console.log(`  outcomes: ${JSON.stringify(round.outcomes)}`);
  console.log(`  per delivery: p50 ${percentile(round.times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${round.times[round.times.length - 1]!.toFixed(1)} ms ${verdict}`);
  for (const [outcome, list] of Object.entries(round.byOutcome)) {
    list.sort((a, b) => a - b);
    console.log(`    ${outcome}: ${list.length} deliveries, p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`);
  }
  return p95;
}

async function main(): Promise<void> {
  const api = await startTestApi({ env: { COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET, SMS_IP_SENDS_PER_HOUR: '1000', LOG_LEVEL: 'warn' } });
  try {
    const member = await signInByPhone(api.baseUrl, '+12025558801', ADULT);
    const uid = (await member.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const order = (await member.post<{ order_no: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })).body.data!;
    const paid = signedEvent(SANDBOX_SECRET, 'checkout.session.completed', shapes.paid('cs_bench', order.order_no, 'sub_bench'));
    await deliver(api.baseUrl, paid);
    const start = Math.floor(Date.now() / 1000);
    const renewal = (i: number) => signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed('sub_bench', uid, 999, start + i * MONTH, `in_bench_${i}`));
    const faultsOf = () => [...new Set(api.logs.lines.filter((l) => (l.level as number) >= 50).map((l) => String((l.err as { message?: string } | undefined)?.message ?? l.msg)))];
    const rightFor = async (who: string, events: number) => {
      const renewals = await TradeOrderModel.countDocuments({ uid: who, trade_type: 'renewal', status: 'Paid' });
      const m = await MembershipModel.findOne({ uid: who }).lean();
      const expectedEnd = new Date((start + events * MONTH) * 1000).toISOString();
      return { renewals, end: m?.valid_until?.toISOString(), expectedEnd, right: renewals === events && m?.valid_until?.toISOString() === expectedEnd };
    };
    const stateRight = async (events: number, name: string) => {
      const r = await rightFor(uid, events);
      console.log(`  state after ${name}: ${r.renewals} renewal orders Paid (want ${events}), membership ends ${r.end} (want ${r.expectedEnd}) ${r.right ? 'PASS' : 'FAIL'}`);
      return r.right;
    };

    const burst = Array.from({ length: WEBHOOKS }, (_, i) => renewal(i + 1));
    const b = await deliverAll(api.baseUrl, shuffled([...burst, ...burst]), { concurrency: CONCURRENCY });
    console.log(`webhooks, burst: ${WEBHOOKS} events delivered twice in a shuffled order (${2 * WEBHOOKS} deliveries, ${CONCURRENCY} at a time) in ${Math.round(b.elapsed)} ms, ${Math.round((2 * WEBHOOKS * 1000) / b.elapsed)} a second`);
    printTimes(b, false, `waits behind the ${CONCURRENCY} in flight`);
    const burstRight = await stateRight(WEBHOOKS, 'the burst');

    const members: string[] = [];
    for (let k = 0; k < PACED_MEMBERS; k++) {
      const who = await signInByPhone(api.baseUrl, `+1202555${8900 + k}`, ADULT);
      members.push((await who.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid);
      const bought = (await who.post<{ order_no: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })).body.data!;
      await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'checkout.session.completed', shapes.paid(`cs_paced_${k}`, bought.order_no, `sub_paced_${k}`)));
    }
    const pacedEvents = members.flatMap((who, k) =>
      Array.from({ length: PACED_RENEWALS }, (_, i) => signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(`sub_paced_${k}`, who, 999, start + (i + 1) * MONTH, `in_paced_${k}_${i}`))),
    );
    const p = await deliverAll(api.baseUrl, shuffled([...pacedEvents, ...pacedEvents]), { rate: PACED_RATE });
    console.log(`webhooks, paced: ${PACED_MEMBERS} members' ${PACED_RENEWALS} renewals each delivered twice in a shuffled order (${2 * pacedEvents.length} deliveries, ${PACED_RATE} a second) in ${Math.round(p.elapsed)} ms`);
    const p95 = printTimes(p, true);
    const states = await Promise.all(members.map((who) => rightFor(who, PACED_RENEWALS)));
    const pacedRight = states.every((r) => r.right);
    console.log(`  state after the paced round: ${states.filter((r) => r.right).length} of ${PACED_MEMBERS} members with ${PACED_RENEWALS} renewal orders Paid and the latest period's end ${pacedRight ? 'PASS' : 'FAIL'}`);

    const faults = faultsOf();
    if (faults.length > 0) console.log(`  server faults: ${faults.join(' | ')}`);
    await countCommands(api.baseUrl, uid, start + (WEBHOOKS + 1) * MONTH);
    if (!burstRight || !pacedRight || faults.length > 0 || !(p95 <= 50)) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

void main();
