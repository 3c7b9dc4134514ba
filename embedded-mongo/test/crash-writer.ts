// Child process for the crash test: runs a server on a data folder and prints each acknowledged insert.
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src';

async function main(): Promise<void> {
  const dbPath = process.argv[2];
  if (!dbPath) throw new Error('usage: crash-writer DIR');
  const server = await startEmbeddedMongo({ port: 0, dbPath, compactBytes: 64 * 1024 });
  const client = new MongoClient(server.uri, { maxPoolSize: 4 });
  const coll = client.db('crash').collection('acks');
  let i = 0;
  // Several writers at once so group commit batches them into shared fsyncs.
  const writer = async (w: number): Promise<void> => {
    for (;;) {
      const id = `${w}-${i++}`;
      await coll.insertOne({ _id: id as never, w, body: 'y'.repeat(200), nested: { list: [1, 2, 3] } });
      process.stdout.write(`ack ${id}\n`);
    }
  };
  await Promise.all([0, 1, 2, 3].map(writer));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
