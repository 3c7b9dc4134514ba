import pkg from '../../../package.json';
import { PROCESS_NAME } from '../../lib/processName';
import type { HealthResponse } from './health.schema';


export interface Pingable {
  ping(timeoutMs?: number): Promise<boolean>;
}

/** The process answers, so status is ok; `db` tells a balancer or operator whether the database does too. */
export async function checkHealth(db: Pingable): Promise<HealthResponse> {
  const up = await db.ping(1000);
  return { status: 'ok', db: up ? 'up' : 'down', uptime_s: Math.floor(process.uptime()), version: pkg.version, process: PROCESS_NAME };
}
