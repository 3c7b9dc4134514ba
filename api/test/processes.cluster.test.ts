import { healthResponseSchema } from '../src/modules/health/health.schema';
import { save, storyPayload } from './editor.support';
import { startApiCluster, type ApiCluster, type ApiSocket } from './support/processes';

jest.setTimeout(120_000);

/** `API_WORKERS=2`: the product's own multi-process mode, one port, the primary owning the embedded database. */
describe('API_WORKERS=2', () => {
  let cluster: ApiCluster;
  const sockets: ApiSocket[] = [];
  beforeAll(async () => {
    cluster = await startApiCluster({ workers: 2, env: { REVIEW_POLL_MS: '50' } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  });

  it('serves health from two distinct worker processes on one port', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const res = await cluster.call('/api/health');
      const data = healthResponseSchema.parse(res.body.data);
      expect(data.db).toBe('up');
      names.add(data.process);
    }
    expect(names.size).toBe(2);
    expect([...names].some((n) => n.endsWith(`:${cluster.pid}`))).toBe(false);
  });

  it('delivers a push emitted in one worker to the same user\'s sockets in both workers', async () => {
    const alice = await cluster.signIn('+12025550171');
    // Sockets are balanced over the workers: open them until one is held by each.
    const byProcess = new Map<string, ApiSocket>();
    for (let i = 0; i < 12 && byProcess.size < 2; i += 1) {
      const s = await cluster.socket(alice);
      sockets.push(s);
      if (!byProcess.has(s.process)) byProcess.set(s.process, s);
    }
    expect(byProcess.size).toBe(2);

    // The review runs in whichever worker claims it first; its push reaches the socket held by the other one too.
    const res = await save(alice, { ...storyPayload(), publish_type: 'Publish' });
    expect(res.body.status_code).toBe(0);
    const storyId = res.body.data!.story_id;
    for (const s of byProcess.values()) {
      await expect(s.waitForPush((p) => p.story_id === storyId)).resolves.toMatchObject({ story_id: storyId });
    }
  });

  it('stops gracefully on SIGTERM, workers first, exit code 0', async () => {
    const code = await cluster.stop();
    expect(code).toBe(0);
    expect(cluster.logs.filter((l) => l.msg === 'shutdown complete').length).toBe(3);
  });
});

describe('API_WORKERS=2 with SOCKET_POLLING=false', () => {
  let cluster: ApiCluster;
  beforeAll(async () => {
    cluster = await startApiCluster({ workers: 2, env: { SOCKET_POLLING: 'false' } });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('lets node:cluster spread whole connections over both workers, and accepts socket.io websockets only', async () => {
    // Requests at the same moment go over connections of their own.
    const answers = await Promise.all(Array.from({ length: 8 }, () => cluster.call('/api/health')));
    const names = new Set(answers.map((res) => healthResponseSchema.parse(res.body.data).process));
    expect(names.size).toBe(2);
    const alice = await cluster.signIn('+12025550172');
    const socket = await cluster.socket(alice);
    socket.close();
    const polling = await fetch(`${cluster.baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
  });
});
