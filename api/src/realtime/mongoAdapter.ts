import { randomBytes } from 'node:crypto';
import { MongoAdapter } from '@socket.io/mongo-adapter';
import { MongoServerError, type ChangeStream, type ChangeStreamDocument, type Collection, type Document, type ResumeToken } from 'mongodb';
import type { Logger } from '../lib/logger';

/** How long the change stream may take to open before the api gives up starting. */
const OPEN_TIMEOUT_MS = 10_000;
/** The wait before a closed change stream is opened again. */
const REOPEN_MS = 1000;

type AdapterFactory = ((nsp: unknown) => MongoAdapter) & { ready: Promise<void> };
type Published = { insertedId: { toString(encoding?: string): string } };

/**
 * Inserts in the order they are asked for, several at a time in one ordered `insertMany` while one is in flight: a
 * push emitted after another is written after it, so every api process reads them in that order. (Sent one by one,
 * two inserts may take two pooled connections and land the other way round.)
 */
function orderedInserts(collection: Collection): Pick<Collection, 'insertOne'> {
  let queue: Array<{ doc: Document; resolve: (r: Published) => void; reject: (e: unknown) => void }> = [];
  let busy = false;
  async function flush(): Promise<void> {
    busy = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const result = await collection.insertMany(batch.map((b) => b.doc), { ordered: true });
        batch.forEach((b, i) => b.resolve({ insertedId: result.insertedIds[i]! }));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    busy = false;
  }
  return {
    insertOne: ((doc: Document) =>
      new Promise<Published>((resolve, reject) => {
        queue.push({ doc, resolve, reject });
        if (!busy) void flush();
      })) as unknown as Collection['insertOne'],
  };
}

/**
 * `@socket.io/mongo-adapter`'s adapter over our own change stream, so that no push is lost between api processes
 * without the sockets hearing of it:
 * - the api serves only once the stream is open (`ready`): a socket told `ready` gets every push written after;
 * - a stream that closes is reopened where it left off (its last resume token);
 * - when it cannot resume (the database lost its history: a restarted embedded-mongo, an oplog rolled past the
 *   token), it opens afresh and then disconnects this process's sockets: each reconnects, is told `ready` again and
 *   re-reads what it shows (the client does on every `ready`), which covers whatever was missed.
 * Publishing is ordered (see `orderedInserts`). A restarted api has new sockets, each told `ready`, so nothing of
 * the old process's stream needs replaying.
 */
export function createOrderedMongoAdapter(collection: Collection, logger: Logger): AdapterFactory {
  const uid = randomBytes(8).toString('hex');
  const publishTo = orderedInserts(collection) as Collection;
  const adapters = new Map<string, MongoAdapter>();
  let stream: ChangeStream | null = null;
  let resumeAfter: ResumeToken | undefined;
  let closed = false;
  let lost = false;
  let markReady: () => void = () => undefined;
  let failReady: (err: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  const openTimer = setTimeout(() => failReady(new Error(`the socket adapter's change stream did not open within ${OPEN_TIMEOUT_MS} ms`)), OPEN_TIMEOUT_MS);
  openTimer.unref();
  // Awaited by the server before it listens; marked handled here so a failure before that is not fatal on its own.
  ready.catch(() => undefined);

  function opened(): void {
    clearTimeout(openTimer);
    markReady();
    if (!lost) return;
    lost = false;
    logger.warn({ sockets: [...adapters.values()].reduce((n, a) => n + a.nsp.sockets.size, 0) }, 'socket adapter lost pushes; asking this process\'s sockets to reconnect');
    for (const adapter of adapters.values()) adapter.nsp.local.disconnectSockets(true);
  }

  function open(): void {
    if (closed || stream) return;
    const s = collection.watch<Document, ChangeStreamDocument>([{ $match: { 'fullDocument.uid': { $ne: uid } } }], resumeAfter ? { resumeAfter } : {});
    stream = s;
    // The first token comes with the stream's first answer: from then on every write is seen.
    s.once('resumeTokenChanged', () => {
      if (stream === s) opened();
    });
    s.on('change', (event) => {
      resumeAfter = s.resumeToken;
      if (event.operationType !== 'insert') return;
      const doc = event.fullDocument as { nsp?: string };
      void adapters.get(doc.nsp ?? '')?.onEvent(event);
    });
    // In this mode the driver resumes by itself after a resumable error (a lost connection, an election) and
    // emits 'error' only once it gives up: that is when a stream is opened again. (Its 'close' events also come
    // from the cursors it replaces while resuming, so they say nothing about the stream.)
    s.on('error', (err) => {
      if (err instanceof MongoServerError && !err.hasErrorLabel('ResumableChangeStreamError')) {
        // Cannot resume from the token: start from now, and have the sockets re-read once the stream is open.
        resumeAfter = undefined;
        lost = true;
      }
      logger.warn({ err, resumable: !lost }, 'socket adapter change stream failed; reopening');
      if (stream !== s) return;
      stream = null;
      s.close().catch(() => undefined);
      if (!closed) setTimeout(open, REOPEN_MS).unref();
    });
  }

  // socket.io calls it with `new`: a function (not an arrow) that returns the adapter.
  const factory = function (nsp: unknown) {
    open();
    const adapter = new MongoAdapter(nsp, publishTo, { uid });
    adapters.set(adapter.nsp.name, adapter);
    const close = adapter.close.bind(adapter);
    adapter.close = async () => {
      adapters.delete(adapter.nsp.name);
      if (adapters.size === 0) {
        closed = true;
        clearTimeout(openTimer);
        await stream?.close();
      }
      await close();
    };
    return adapter;
  } as AdapterFactory;
  factory.ready = ready;
  return factory;
}
