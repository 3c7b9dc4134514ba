import os from 'node:os';
import pkg from '../../../package.json';
import type { HealthResponse } from './health.schema';

/** Host name and pid: unique per process on one machine and, with distinct host names, across machines. */
const PROCESS_NAME = `${os.hostname()}:${process.pid}`;

export interface Pingable {
  ping(timeoutMs?: number): Promise<boolean>;
}

/** The process answers, so status is ok; `db` tells a balancer or operator whether the database does too. */
export async function checkHealth(db: Pingable): Promise<HealthResponse> {
  const up = await db.ping(1000);
  return { status: 'ok', db: up ? 'up' : 'down', uptime_s: Math.floor(process.uptime()), version: pkg.version, process: PROCESS_NAME };
}
