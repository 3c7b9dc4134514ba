// A push across two api processes through the mongo adapter: `npx tsx bench/push-processes.ts` (also run by
// `npm run bench`).
//
// Method: embedded-mongo runs on its own (a one-member replica set, on its own thread of this process) and two api
// processes (`api/src/main.ts`, SOCKET_ADAPTER=mongo) share only it. One account has a socket on each process. An
// operator's push to that account is sent through A, PUSHES times one after the other (after WARMUP untimed ones);
// for each, the socket on A (the writing process: it delivers once its write of the push is done) and the socket
// on B (the other process: it reads the write from its change stream) record when the push arrived.
// Figures, in milliseconds:
//   - "after the request": B's arrival minus the moment the request was sent: an upper bound of the time after the
//     write (the request's own work and its other writes come before the push's write). This one is judged.
//   - "B after A": B's arrival minus A's (A delivers right after the push's write returns to it): what crossing adds
//     over a push within one process (negative when B, woken by its change stream, is first).
// Target (issue "Several machines", speed): a push across two api processes <= 50 ms p95 after the write.
import mongoose from 'mongoose';
import { UserRole } from 'shared-kit';
import { User } from '../api/src/modules/users/user.model';
import { nextPhone } from '../api/test/support/playStories';
import { startApiProcesses } from '../api/test/support/processes';

const PUSHES = 200;
const WARMUP = 20;
const TARGET_P95_MS = 50;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

async function main(): Promise<void> {
  const procs = await startApiProcesses({ count: 2, replSet: 'rs0', env: { SOCKET_ADAPTER: 'mongo', SMS_IP_SENDS_PER_HOUR: '1000' } });
  const [a, b] = procs.processes as [(typeof procs.processes)[number], (typeof procs.processes)[number]];
  await mongoose.connect(procs.mongoUri);
  try {
    const phone = nextPhone();
    const op = await a.signIn(phone);
    await User.updateOne({ phone }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['content_operator'] } });
    const reader = await a.signIn(nextPhone());
    const uid = (await reader.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const onA = await a.socket(reader);
    const onB = await b.socket(b.as(reader));

    const crossing: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < WARMUP + PUSHES; i += 1) {
      const title = `Bench ${i}`;
      const sent = performance.now();
      const res = await op.post('/api/ops/push/send', { to: 'user', users: [uid], title, text: '.', push_type: 'Others' });
      if ((res.body as { status_code: number }).status_code !== 0) throw new Error(`push/send failed: ${JSON.stringify(res.body)}`);
      const [pa, pb] = await Promise.all([onA.waitForPush((p) => p.title === title, 5000), onB.waitForPush((p) => p.title === title, 5000)]);
      if (i < WARMUP) continue;
      const atA = onA.arrivals[onA.pushes.indexOf(pa)]!;
      const atB = onB.arrivals[onB.pushes.indexOf(pb)]!;
      crossing.push(atB - atA);
      fromRequest.push(atB - sent);
    }
    onA.close();
    onB.close();

    const ordered = onB.pushes.map((p) => p.title).join('|') === Array.from({ length: WARMUP + PUSHES }, (_, i) => `Bench ${i}`).join('|');
    const p95 = percentile(fromRequest, 95);
    const ok = p95 <= TARGET_P95_MS && ordered;
    console.log(`push across two api processes (SOCKET_ADAPTER=mongo, embedded-mongo --replSet), ${PUSHES} pushes:`);
    console.log(`  after the request p50 ${percentile(fromRequest, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${Math.max(...fromRequest).toFixed(1)} ms`);
    console.log(`  B after A         p50 ${percentile(crossing, 50).toFixed(1)} ms  p95 ${percentile(crossing, 95).toFixed(1)} ms  max ${Math.max(...crossing).toFixed(1)} ms`);
    console.log(`  in the order sent: ${ordered ? 'yes' : 'NO'}`);
    console.log(`target: after the request (so after the write) p95 <= ${TARGET_P95_MS} ms, in order: ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await mongoose.disconnect();
    await procs.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
