// The worker-thread side of startEmbeddedMongoThread (loaded through threadEntry.cjs): runs one server and answers
// the parent over the message port.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Logger } from './logger';
import { startEmbeddedMongo, type EmbeddedMongo } from './server';
import type { LogLevel, ParentMessage, ThreadWorkerData, WorkerMessage } from './threadProtocol';

const port: MessagePort = parentPort ?? notOnAWorker();

function notOnAWorker(): never {
  throw new Error('embedded-mongo threadWorker must run on a worker thread');
}

const send = (message: WorkerMessage): void => port.postMessage(message);
const log = (level: LogLevel) => (message: string) => send({ type: 'log', level, message });
// Records go to the parent's logger: a logger object cannot cross threads.
const logger: Logger = { info: log('info'), warn: log('warn'), error: log('error') };

let server: EmbeddedMongo | undefined;

port.on('message', (message: ParentMessage) => {
  if (message.type === 'stop') void stop();
});

async function stop(): Promise<void> {
  try {
    await server?.stop();
    send({ type: 'stopped' });
  } catch (err) {
    send({ type: 'stop-failed', message: errorMessage(err) });
  } finally {
    // Nothing else holds the thread open once the server is closed, so it ends by itself.
    port.close();
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const { options } = workerData as ThreadWorkerData;
startEmbeddedMongo({ ...options, logger }).then(
  (started) => {
    server = started;
    send({ type: 'ready', uri: started.uri, port: started.port, host: started.host });
  },
  (err: unknown) => {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    send({ type: 'failed', message: errorMessage(err), ...(typeof code === 'string' ? { code } : {}) });
    port.close();
  },
);
