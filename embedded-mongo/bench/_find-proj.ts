import fs from 'node:fs';
import { EJSON } from 'bson';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src';

async function main() {
  const { st, vs } = EJSON.parse(fs.readFileSync('/tmp/coll-docs.json', 'utf8')) as any;
  const srv = await startEmbeddedMongo({ port: 0, logger: { info() {}, warn() {}, error() {} } } as any);
  const client = await MongoClient.connect(srv.uri);
  const db = client.db('b');
  await db.collection('stories').createIndex({ story_id: 1 }, { unique: true });
  await db.collection('story_versions').createIndex({ version_id: 1 }, { unique: true });
  await db.collection('stories').insertMany(st);
  await db.collection('story_versions').insertMany(vs);
  const ids = st.map((d: any) => d.story_id);
  const live = st.map((d: any) => d.live_version_id);
  const qs: Array<[string, () => Promise<unknown>]> = [
    ['stories $in20 proj', () => db.collection('stories').find({ story_id: { $in: ids }, deleted_at: null, live_version_id: { $ne: null } }, { projection: { _id: 0, story_id: 1, uid: 1, status: 1, deleted_at: 1, live_version_id: 1, op_status: 1, visibility: 1 } }).toArray()],
    // ['stories $in20 noproj', () => db.collection('stories').find({ story_id: { $in: ids }, deleted_at: null, live_version_id: { $ne: null } }).toArray()],
    ['versions $in20 passed proj', () => db.collection('story_versions').find({ version_id: { $in: live }, status: 20 }, { projection: { _id: 0, version_id: 1 } }).toArray()],
    ['stories findOne', () => db.collection('stories').findOne({ story_id: ids[0] })],
    ['ping', () => db.command({ ping: 1 })],
  ];
  const N = Number(process.env.N ?? 1000);
  for (const [name, f] of qs) {
    for (let i = 0; i < 100; i++) await f();
    const t: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) { const a = performance.now(); await f(); t.push(performance.now() - a); }
    const c = process.cpuUsage(c0);
    t.sort((a, b) => a - b);
    console.log(name, 'p50', t[N >> 1]!.toFixed(3), 'ms; cpu/op', ((c.user + c.system) / N).toFixed(0), 'µs');
  }
  await client.close();
  await srv.stop();
}
main();
