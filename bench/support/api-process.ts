// A child of the benchmarks: the api on an embedded-mongo in a temporary folder, configured by BENCH_API_ENV (JSON).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestApi } from '../../api/test/helpers';

/**
 * BENCH_API_STATS_MS: every that many milliseconds the child prints `{"stats": {rss_mb, heap_mb, eld_p99_ms,
 * eld_max_ms}}`, its memory and its own event loop's delay over the interval.
 */
function reportStats(everyMs: number): void {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  setInterval(() => {
    const m = process.memoryUsage();
    const stats = {
      rss_mb: m.rss / 2 ** 20,
      heap_mb: m.heapUsed / 2 ** 20,
      eld_p99_ms: h.percentile(99) / 1e6,
      eld_max_ms: h.max / 1e6,
    };
    h.reset();
    process.stdout.write(`${JSON.stringify({ stats })}\n`);
  }, everyMs).unref();
}

async function main(): Promise<void> {
  const env = JSON.parse(process.env.BENCH_API_ENV ?? '{}') as Record<string, string>;
  const api = await startTestApi({ env });
  const statsMs = Number(process.env.BENCH_API_STATS_MS ?? 0);
  if (statsMs > 0) reportStats(statsMs);
  process.once('SIGTERM', () => {
    void api.stop().finally(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ ready: api.baseUrl })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
