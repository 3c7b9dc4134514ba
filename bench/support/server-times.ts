// How fast the shell's server answers a pre-rendered public page: warm (the page kept from a moment ago) and cold
// (made now: the api's answers, the markup, the gzip).
import { performance } from 'node:perf_hooks';

export interface ServerTimes {
  warmP95: number;
  coldP95: number;
  samples: number;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip', ...headers } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok || !body.includes('id="prerender-data"')) throw new Error(`${url} was not sent pre-rendered (HTTP ${res.status})`);
  return ms;
}

/**
 * `rounds` requests per page, one at a time, time to the last byte. Warm: the same address and language again
 * within the pages' five seconds. Cold: each request under another host name (X-Forwarded-Host), which the server
 * keeps apart, so each is made from the api as on a first visit.
 */
export async function serverTimes(shellUrl: string, paths: string[], rounds = 40): Promise<ServerTimes> {
  const warm: number[] = [];
  const cold: number[] = [];
  for (const path of paths) {
    const url = `${shellUrl}${path}`;
    await timed(url, {});
    for (let i = 0; i < rounds; i += 1) warm.push(await timed(url, {}));
    for (let i = 0; i < rounds; i += 1) cold.push(await timed(url, { 'X-Forwarded-Host': `cold-${Date.now()}-${i}.bench` }));
  }
  return { warmP95: p95(warm), coldP95: p95(cold), samples: warm.length + cold.length };
}
