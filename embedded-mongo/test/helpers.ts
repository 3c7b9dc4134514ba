import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions, type Logger } from '../src';

export function tempDir(prefix = 'embedded-mongo-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface CapturingLogger extends Logger {
  warnings: string[];
}

export function capturingLogger(): CapturingLogger {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
}

export async function startTestServer(opts: Partial<EmbeddedMongoOptions> = {}): Promise<EmbeddedMongo & { dir: string }> {
  const dir = opts.dbPath ?? tempDir();
  const server = await startEmbeddedMongo({ port: 0, dbPath: dir, logger: capturingLogger(), ...opts });
  const stop = async (): Promise<void> => {
    await server.stop();
    // Only folders this helper created are removed; a caller's dbPath is the caller's to clean.
    if (!opts.dbPath) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ...server, stop, dir };
}
