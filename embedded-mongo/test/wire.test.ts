import net from 'node:net';
import { BSON, Long } from 'mongodb';
import type { Document } from 'mongodb';
import { crc32c } from '../src/wire/crc32c';
import { startTestServer } from './helpers';

let server: Awaited<ReturnType<typeof startTestServer>>;
let socket: net.Socket;
let requestId = 1;

beforeAll(async () => {
  server = await startTestServer({ dbPath: undefined, cursorTimeoutMs: 200 });
  socket = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
});

afterAll(async () => {
  socket.destroy();
  await server.stop();
});

function readReply(): Promise<Buffer> {
  return new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
        socket.off('data', onData);
        resolve(buf);
      }
    };
    socket.on('data', onData);
  });
}

function opMsg(doc: Document, flags = 0, sequences: Array<[string, Document[]]> = []): Buffer {
  const body = Buffer.from(BSON.serialize(doc));
  const parts: Buffer[] = [Buffer.from([0]), body];
  for (const [id, docs] of sequences) {
    const payload = Buffer.concat([Buffer.from(`${id}\0`), ...docs.map((d) => Buffer.from(BSON.serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  const checksum = flags & 1 ? 4 : 0;
  const len = 20 + parts.reduce((n, p) => n + p.length, 0) + checksum;
  const head = Buffer.alloc(20);
  head.writeInt32LE(len, 0);
  head.writeInt32LE(requestId++, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(2013, 12);
  head.writeUInt32LE(flags, 16);
  const msg = Buffer.concat([head, ...parts, Buffer.alloc(checksum)]);
  if (checksum) msg.writeUInt32LE(crc32c(msg, 0, len - 4), len - 4);
  return msg;
}

async function send(msg: Buffer): Promise<Document> {
  const reply = readReply();
  socket.write(msg);
  const buf = await reply;
  expect(buf.readInt32LE(12)).toBe(2013);
  const flags = buf.readUInt32LE(16);
  return BSON.deserialize(buf.subarray(21, flags & 1 ? buf.length - 4 : buf.length));
}

it('answers the legacy OP_QUERY handshake with OP_REPLY', async () => {
  const doc = Buffer.from(BSON.serialize({ isMaster: 1 }));
  const name = Buffer.from('admin.$cmd\0');
  const len = 16 + 4 + name.length + 8 + doc.length;
  const msg = Buffer.alloc(len);
  msg.writeInt32LE(len, 0);
  msg.writeInt32LE(requestId++, 4);
  msg.writeInt32LE(2004, 12);
  name.copy(msg, 20);
  msg.writeInt32LE(-1, 20 + name.length + 4);
  doc.copy(msg, 20 + name.length + 8);
  const reply = readReply();
  socket.write(msg);
  const buf = await reply;
  expect(buf.readInt32LE(12)).toBe(1);
  expect(buf.readInt32LE(32)).toBe(1);
  const hello = BSON.deserialize(buf.subarray(36));
  expect(hello).toMatchObject({ ismaster: true, maxBsonObjectSize: 16777216, maxWireVersion: 21, ok: 1 });
  expect(hello.setName).toBeUndefined();
});

it('verifies and returns CRC-32C checksums', async () => {
  const reply = await send(opMsg({ ping: 1, $db: 'admin' }, 1));
  expect(reply.ok).toBe(1);
  const bad = opMsg({ ping: 1, $db: 'admin' }, 1);
  bad.writeUInt32LE(bad.readUInt32LE(bad.length - 4) ^ 1, bad.length - 4);
  const err = await send(bad);
  expect(err).toMatchObject({ ok: 0 });
  expect(err.errmsg).toMatch(/checksum/);
});

it('takes documents from kind-1 sections and honours moreToCome', async () => {
  socket.write(opMsg({ insert: 'seq', $db: 'wire', writeConcern: { w: 0 } }, 2, [['documents', [{ a: 1 }, { a: 2 }]]]));
  const reply = await send(opMsg({ count: 'seq', $db: 'wire' }));
  expect(reply.n).toBe(2);
});

it('reports errors as documents with code and codeName', async () => {
  expect(await send(opMsg({ frobnicate: 1, $db: 'x' }))).toMatchObject({ ok: 0, code: 59, codeName: 'CommandNotFound' });
  expect(await send(opMsg({ find: 'c', filter: { $bogus: 1 }, $db: 'x' }))).toMatchObject({ ok: 0, code: 2 });
  expect(await send(opMsg({ ping: 1 }))).toMatchObject({ ok: 0, code: 9 });
  expect(await send(opMsg({ getMore: Long.fromNumber(12345), collection: 'c', $db: 'x' }))).toMatchObject({ ok: 0, code: 43 });
});

it('returns int64 cursor ids and closes idle cursors', async () => {
  socket.write(opMsg({ insert: 'cur', $db: 'wire' }, 2, [['documents', Array.from({ length: 10 }, (_, i) => ({ i }))]]));
  const first = await send(opMsg({ find: 'cur', batchSize: 2, $db: 'wire' }));
  const id = first.cursor.id as Long;
  expect(id).toBeInstanceOf(Long);
  expect(id.isZero()).toBe(false);
  const more = await send(opMsg({ getMore: id, collection: 'cur', batchSize: 3, $db: 'wire' }));
  expect(more.cursor.nextBatch.map((d: Document) => d.i)).toEqual([2, 3, 4]);
  await new Promise((r) => setTimeout(r, 500));
  expect(await send(opMsg({ getMore: id, collection: 'cur', $db: 'wire' }))).toMatchObject({ ok: 0, code: 43, codeName: 'CursorNotFound' });
});

it('closes the connection on an impossible message length without crashing the server', async () => {
  const other = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => other.once('connect', () => resolve()));
  const closed = new Promise<void>((resolve) => other.once('close', () => resolve()));
  other.write(Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]));
  await closed;
  expect((await send(opMsg({ ping: 1, $db: 'admin' }))).ok).toBe(1);
});
