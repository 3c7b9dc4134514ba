import { healthResponseSchema } from '../src/modules/health/health.schema';
import { startApiProcesses, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

describe('two api processes on one database', () => {
  let procs: ApiProcesses;
  beforeAll(async () => {
    procs = await startApiProcesses({ count: 2 });
  });
  afterAll(async () => {
    await procs?.stop();
  });

  it('each answers health with its own process name and the database up', async () => {
    const names = await Promise.all(
      procs.processes.map(async (p) => {
        const res = await p.call('/api/health');
        const data = healthResponseSchema.parse(res.body.data);
        expect(data.db).toBe('up');
        expect(data.process).toMatch(new RegExp(`:${p.pid}$`));
        return data.process;
      }),
    );
    expect(new Set(names).size).toBe(2);
  });

  it('a session made on A is valid on B', async () => {
    const [a, b] = procs.processes;
    const alice = await a!.signIn('+12025550181');
    const onA = await alice.call('/api/tyler/user/detail');
    const onB = await b!.as(alice).call('/api/tyler/user/detail');
    expect(onA.body.status_code).toBe(0);
    expect(onB.body).toEqual(onA.body);
  });

  it('a process killed with SIGKILL is gone and the other one still serves', async () => {
    const extra = await procs.add();
    await extra.kill();
    expect(extra.dead).toBe(true);
    await expect(extra.call('/api/health')).rejects.toThrow();
    const res = await procs.processes[0]!.call('/api/health');
    expect(res.body.data).toMatchObject({ db: 'up' });
  });
});
