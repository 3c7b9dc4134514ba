import type { EmbeddedMongoOptions } from './server';

/** What the parent hands the worker: the server options that can cross threads (no logger object). */
export interface ThreadWorkerData {
  options: Omit<EmbeddedMongoOptions, 'logger'>;
}

export type LogLevel = 'info' | 'warn' | 'error';

/** Worker → parent. */
export type WorkerMessage =
  | { type: 'log'; level: LogLevel; message: string }
  | { type: 'ready'; uri: string; port: number; host: string }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'stopped' }
  | { type: 'stop-failed'; message: string };

/** Parent → worker. */
export type ParentMessage = { type: 'stop' };
