// A child of the benchmarks: the fake OpenAI-compatible model. BENCH_MODEL (JSON) gives the tokens every streamed
// answer sends and the delay before each; the director's judgement is always "not met". For each streamed request it
// prints `{"got": <stream request index>, "at": <monotonic ms>}` once the request is read, and for each token
// `{"sent": <stream request index>, "i": <token index>, "at": <monotonic ms>}` right after writing it, unless
// BENCH_MODEL has `"quiet": true` (a load test that needs no timings).
import { FakeOpenAI, directorAnswer } from '../../api/test/support/fakeOpenAI';
import { monotonicMs } from './child';

async function main(): Promise<void> {
  const { tokens, delayMs, quiet = false } = JSON.parse(process.env.BENCH_MODEL ?? '{}') as { tokens: string[]; delayMs: number; quiet?: boolean };
  let streams = 0;
  const fake = await FakeOpenAI.start((req) => {
    if (!req.stream) return directorAnswer(req, false);
    const n = streams++;
    if (quiet) return { kind: 'stream', tokens, delayMs };
    process.stdout.write(`${JSON.stringify({ got: n, at: monotonicMs() })}\n`);
    return { kind: 'stream', tokens, delayMs, onSent: (i) => process.stdout.write(`${JSON.stringify({ sent: n, i, at: monotonicMs() })}\n`) };
  });
  process.once('SIGTERM', () => {
    void fake.close().finally(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ ready: fake.url })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
