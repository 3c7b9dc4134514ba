// The replSet option: embedded-mongo answers as the primary of a one-member replica set, and the driver and
// mongoose use it as such (replica set topology, retryable writes, sessions and transactions).
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import type { EmbeddedMongo } from '../src';
import { startTestServer } from './helpers';

let server: EmbeddedMongo;
beforeAll(async () => {
  server = await startTestServer({ replSet: 'rs0' });
});
afterAll(async () => {
  await server?.stop();
});

describe('replSet', () => {
  it('reports a one-member replica set whose host is the address the client reached', async () => {
    const client = new MongoClient(server.uri);
    const topologies: Array<{ type: string; setName: string | null }> = [];
    client.on('topologyDescriptionChanged', (e) => topologies.push({ type: e.newDescription.type, setName: e.newDescription.setName }));
    await client.connect();
    try {
      const hello = await client.db('admin').command({ hello: 1 });
      const me = `127.0.0.1:${server.port}`;
      expect(hello).toMatchObject({ isWritablePrimary: true, secondary: false, setName: 'rs0', setVersion: 1, hosts: [me], primary: me, me });
      expect(hello.topologyVersion).toBeUndefined();
      expect(topologies.at(-1)).toEqual({ type: 'ReplicaSetWithPrimary', setName: 'rs0' });
    } finally {
      await client.close();
    }
  });

  it('takes retryable writes, reads and transactions through a replicaSet URI', async () => {
    const client = await new MongoClient(`${server.uri}?replicaSet=rs0`).connect();
    try {
      const coll = client.db('rs').collection<{ _id: number; n: number }>('c');
      await coll.insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }]);
      expect(await coll.findOneAndUpdate({ _id: 1 }, { $inc: { n: 10 } }, { returnDocument: 'after' })).toEqual({ _id: 1, n: 11 });
      expect((await coll.updateMany({}, { $inc: { n: 1 } })).modifiedCount).toBe(2);
      expect((await coll.deleteOne({ _id: 2 })).deletedCount).toBe(1);
      await client.withSession((session) => session.withTransaction(() => coll.insertOne({ _id: 3, n: 3 }, { session })));
      expect(await coll.find({}, { readPreference: 'primaryPreferred' }).sort({ _id: 1 }).toArray()).toEqual([{ _id: 1, n: 12 }, { _id: 3, n: 3 }]);
    } finally {
      await client.close();
    }
  });

  it('serves mongoose', async () => {
    const conn = await mongoose.createConnection(server.uri, { dbName: 'rs_mongoose' }).asPromise();
    try {
      const Story = conn.model('Story', new mongoose.Schema({ title: String, tags: [String] }));
      await Story.create({ title: 'a', tags: ['x'] });
      expect((await Story.findOne({ tags: 'x' }).lean())?.title).toBe('a');
    } finally {
      await conn.close();
    }
  });
});
