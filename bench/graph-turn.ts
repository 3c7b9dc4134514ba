// A turn in a branching story against a turn in a line of chapters: `npx tsx bench/graph-turn.ts`.
//
// Method: one api in this process (api/test/helpers `startTestApi`, embedded-mongo, the loopback fake model streaming
// the same 8-word reply to both; its director meets no objective and names no rule) with two published stories: the test story with a third chapter (3 chapters in a line), and a graph
// of 100 plots with 20 Integer variables (48 scenes each followed by a variable change, a judge on a variable, a
// Success and a Fail; the first scene has three director rules, so each turn also runs the rules' judgement). One
// player per story sends ROUNDS turns that meet no objective (the play stays in its first scene), alternating between
// the two stories, each turn timed from the send to its reply stream's end; WARM rounds first are not counted. The
// database's commands per turn are counted too (serverStatus metrics.commands): the graph is read with the play's
// version, once (the version cache), so a graph turn makes no more reads than a line turn. Target: the graph turn's
// p50 within 1.1x of the line's. Exits 1 past it.
import type { StoryCreateInput } from 'shared-kit';
import { storyPayload } from '../api/test/editor.support';
import { startTestApi, signInByPhone } from '../api/test/helpers';
import { ADULT, nextPhone, publishStory, readStream } from '../api/test/support/playStories';
import { FakeOpenAI, directorAnswer } from '../api/test/support/fakeOpenAI';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARM = 5;
const TARGET = 1.1;

type Nodes = NonNullable<StoryCreateInput['nodes']>;

function lineStory(): StoryCreateInput {
  const base = storyPayload();
  const third = { ...base.nodes![1]!, node_id: 'n3', name: 'Dawn', ending_content: 'Light the lamp at dawn.' };
  return { ...base, nodes: [...base.nodes!.map((n) => ({ ...n, ending_content: `${n.ending_content} Then open the silver vault.` })), third] };
}

function graphStory(): StoryCreateInput {
  const base = storyPayload();
  const scene = base.nodes![0]!;
  const variables = Array.from({ length: 20 }, (_, i) => ({ name: `v${i}`, kind: 'Integer' as const, initial: 0, min: 0, max: 100, visible: i < 3, label: `Mark ${i}` }));
  const nodes: Nodes = [];
  const edges: NonNullable<StoryCreateInput['edges']> = [];
  for (let i = 0; i < 48; i += 1) {
    nodes.push({
      ...scene,
      node_id: `s${i}`,
      node_type: 'NormalContent',
      name: `Scene${i}`,
      ending_content: `${scene.ending_content} Then open the silver vault.`,
      ...(i === 0 && process.env.BENCH_RULES !== '0'
        ? { rules: [0, 1, 2].map((k) => ({ rule_id: `r${k}`, variable: `v${k}`, op: 'add' as const, value: 1, when: ['the player sings a sea shanty', 'the player lights a candle', 'the player feeds the gulls'][k]! })) }
        : {}),
    });
    nodes.push({ node_id: `a${i}`, node_type: 'VariableAssignment', assignments: [{ variable: `v${i % 20}`, op: 'add', value: 1 }] });
    edges.push({ edge_id: `es${i}`, source: `s${i}`, target: `a${i}`, handle: 'next' });
    edges.push({ edge_id: `ea${i}`, source: `a${i}`, target: i < 47 ? `s${i + 1}` : 'j', handle: 'next' });
  }
  nodes.push({ node_id: 'j', node_type: 'JudgeContent', judge_mode: 'variables', routes: [{ route_id: 'high', condition: { variable: 'v0', op: 'ge', value: 3 } }] });
  nodes.push({ node_id: 'win', node_type: 'Success', content: 'The vault opens.' });
  nodes.push({ node_id: 'lose', node_type: 'Fail', content: 'The vault stays shut.' });
  edges.push({ edge_id: 'ej1', source: 'j', target: 'win', handle: 'high' }, { edge_id: 'ej2', source: 'j', target: 'lose', handle: 'otherwise' });
  return { ...base, nodes, edges, variables };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  // The same 8-word reply for every turn of both stories; no objective is met, no rule holds.
  const fake = await FakeOpenAI.start((req) =>
    req.stream
      ? { kind: 'stream', tokens: ['The ', 'lamp ', 'turns ', 'slowly ', 'over ', 'the ', 'dark ', 'water.'] }
      : (req.messages[0]?.content ?? '').includes('{"ids"')
        ? { kind: 'json', content: '{"ids": [], "reason": "none"}' }
        : directorAnswer(req, false),
  );
  const api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '100000', LOG_LEVEL: 'warn', ...fake.apiEnv } });
  try {
    const line = await publishStory(api.baseUrl, lineStory());
    const graph = await publishStory(api.baseUrl, graphStory(), line.creator);
    const admin = api.db.connection.db!.admin();
    const commands = async () => {
      const byName = ((await admin.command({ serverStatus: 1 })).metrics?.commands ?? {}) as Record<string, { total: number }>;
      return Object.entries(byName).filter(([n]) => !['hello', 'isMaster', 'ismaster', 'ping', 'serverStatus', 'endSessions', 'buildInfo'].includes(n)).reduce((a, [, c]) => a + Number(c.total), 0);
    };
    const player = async (storyId: string) => {
      const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
      const started = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
      return { client, playId: started.body.data!.play_info.play_id };
    };
    const plays = { line: await player(line.storyId), graph: await player(graph.storyId) };
    const times = { line: [] as number[], graph: [] as number[] };
    const cmds = { line: 0, graph: 0 };
    for (let r = 0; r < WARM + ROUNDS; r += 1) {
      for (const kind of r % 2 === 0 ? (['line', 'graph'] as const) : (['graph', 'line'] as const)) {
        const { client, playId } = plays[kind];
        const c0 = await commands();
        const t0 = performance.now();
        const sent = await client.post<{ reply_dialogue_ids: string[]; seq_st: number }>('/api/tyler/message/send', { play_id: playId, message: `Round ${r}: I look at the dark water.` });
        if (sent.body.status_code !== 0) throw new Error(`send refused: ${JSON.stringify(sent.body)}`);
        await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}&seq_st=${sent.body.data!.seq_st}`);
        const ms = performance.now() - t0;
        // The reply's task (director, rules) ends with the stream; its commands are counted with the turn.
        const c1 = await commands();
        if (r >= WARM) {
          times[kind].push(ms);
          cmds[kind] += c1 - c0 - 2;
        }
      }
    }
    const lineP50 = p50(times.line);
    const graphP50 = p50(times.graph);
    const ratio = graphP50 / lineP50;
    console.log(`turns per story: ${ROUNDS} (after ${WARM} warm rounds), alternating`);
    console.log(`3-chapter line:        p50 ${lineP50.toFixed(1)} ms, ${(cmds.line / ROUNDS).toFixed(1)} database commands per turn`);
    console.log(`100-node graph, 20 vars: p50 ${graphP50.toFixed(1)} ms, ${(cmds.graph / ROUNDS).toFixed(1)} database commands per turn`);
    console.log(`ratio graph / line (p50): ${ratio.toFixed(3)} (target <= ${TARGET}) ${ratio <= TARGET ? 'PASS' : 'FAIL'}`);
    process.exitCode = ratio <= TARGET ? 0 : 1;
  } finally {
    await api.stop();
    await fake.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
