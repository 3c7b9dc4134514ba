// A child of the benchmarks: the api on an embedded-mongo in a temporary folder, configured by BENCH_API_ENV (JSON).
import { startTestApi } from '../../api/test/helpers';

async function main(): Promise<void> {
  const env = JSON.parse(process.env.BENCH_API_ENV ?? '{}') as Record<string, string>;
  const api = await startTestApi({ env });
  process.once('SIGTERM', () => {
    void api.stop().finally(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ ready: api.baseUrl })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
