// Command monitoring's failure events, and stop() closing the connections clients hold open.
import { MongoClient, type CommandFailedEvent, type CommandSucceededEvent } from 'mongodb';
import { serverErrorOf, startTestServer } from './helpers';

describe('command monitoring', () => {
  it('reports a command the server refuses as commandFailed, with its code, and the others as commandSucceeded', async () => {
    const server = await startTestServer();
    const client = new MongoClient(server.uri, { monitorCommands: true });
    const failed: CommandFailedEvent[] = [];
    const succeeded: CommandSucceededEvent[] = [];
    client.on('commandFailed', (e) => failed.push(e));
    client.on('commandSucceeded', (e) => succeeded.push(e));
    try {
      const coll = client.db('monitoring').collection('c');
      await coll.insertOne({ _id: 1 as never });
      expect((await serverErrorOf(coll.updateOne({ _id: 1 as never }, { $inc: { _id: 1 } }))).code).toBe(66);
      expect((await serverErrorOf(client.db('monitoring').command({ noSuchCommand: 1 }))).code).toBe(59);
      expect(failed.map((e) => e.commandName)).toEqual(['noSuchCommand']);
      expect((failed[0]!.failure as { code?: number }).code).toBe(59);
      // A write error is an ok: 1 reply with writeErrors: the command itself succeeded, as with mongod.
      expect(succeeded.map((e) => e.commandName)).toEqual(expect.arrayContaining(['insert', 'update']));
    } finally {
      await client.close();
      await server.stop();
    }
  });
});

describe('stop()', () => {
  it('closes the connections clients hold open, a waiting getMore included, before it resolves', async () => {
    const server = await startTestServer({ replSet: 'rs0' });
    const client = await new MongoClient(`${server.uri}?directConnection=true`, { serverSelectionTimeoutMS: 2000 }).connect();
    const closed: string[] = [];
    client.on('connectionClosed', (e) => closed.push(e.reason));
    const stream = client.db('s').collection('c').watch([], { maxAwaitTimeMS: 30_000 });
    const waiting = stream.next().then(
      () => 'event',
      (err: Error) => err.name,
    );
    await new Promise((r) => setTimeout(r, 300)); // the getMore is waiting on the server now
    const started = Date.now();
    await server.stop();
    const stopTook = Date.now() - started;
    // The client sees its connections closed right away (a server that kept serving them would leave them open).
    for (const until = Date.now() + 1000; closed.length === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
    const closedAfter = Date.now() - started;
    const outcome = await waiting; // the driver's resume then fails: nothing listens any more
    await stream.close().catch(() => undefined);
    await client.close();
    expect(stopTook).toBeLessThan(2000);
    expect(closed.length).toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(2000);
    expect(outcome).not.toBe('event');
  });
});
