import { DialogueType } from 'shared-kit';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, nextPhone, publishStory, type Started } from './support/playStories';
import { graphInfoOf, graphStoryPayload, graphTurn } from './support/graphStory';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/** A branching play crossed between two api processes on one database: a choice on one, the next turn on the other. */
describe('a graph play across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  // The director: only the first scene's objective is met (when the player finds the keeper); no rule holds.
  const handler = (req: FakeRequest): FakeBehaviour => {
    if (req.stream) return { kind: 'stream', tokens: ['The ', 'keeper ', 'nods.'] };
    if ((req.messages[0]?.content ?? '').includes('{"ids"')) return { kind: 'json', content: '{"ids": [], "reason": "none"}' };
    const all = req.messages.map((m) => m.content).join('\n');
    return directorAnswer(req, /Objective: Find the keeper/.test(all) && /I find the keeper/.test(all.split('Conversation:')[1] ?? ''));
  };
  beforeAll(async () => {
    fake = await FakeOpenAI.start(handler);
    procs = await startApiProcesses({ count: 2, env: { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', LLM_RETRIES: '0' } });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  it('a choice made through A is followed by the next turn through B, in the scene it led to', async () => {
    const { storyId } = await publishStory(a.baseUrl, graphStoryPayload());
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const started = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    const playId = started.body.data!.play_info.play_id;

    await graphTurn(onA, playId, { message: 'I find the keeper.' });
    expect((await graphInfoOf(onB, playId)).graph.choices.map((c) => c.option_id)).toEqual(['o1', 'o3']);
    const chose = await graphTurn(onA, playId, { message: 'o3', option_contents: ['o3'] });
    expect(chose.input_dialogue).toMatchObject({ option_id: 'o3', content: 'Climb the tower' });

    // B sees the move A wrote and plays the next turn in the new scene.
    const onBInfo = await graphInfoOf(onB, playId);
    expect(onBInfo.graph.node).toEqual({ node_id: 'n2', node_type: 'NormalContent', title: 'Storm' });
    const next = await graphTurn(onB, playId, { message: 'I shelter from the storm.' });
    expect(next.reply_dialogue_ids).toHaveLength(1);
    const rows = await dialoguesOf(onA, playId);
    expect(rows.filter((d) => d.type === DialogueType.Option).map((d) => d.content)).toEqual(['Knock on the door', 'Climb the tower']);
    expect(rows.filter((d) => d.type === DialogueType.Input).map((d) => d.content)).toEqual(['I find the keeper.', 'Climb the tower', 'I shelter from the storm.']);
  });
});
