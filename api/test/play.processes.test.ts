import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeRequest } from './support/fakeOpenAI';
import { nextPhone, publishStory, readStream, type Dlg, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/** A play crossed between two api processes on one database: each sees what the other wrote. */
describe('a play across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    fake = await FakeOpenAI.start((request) => (request.stream ? { kind: 'stream', tokens: ['The ', 'keeper ', 'nods.'] } : directorAnswer(request, false)));
    procs = await startApiProcesses({ count: 2, env: { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20' } });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  /** Sends `message` through `client` and reads the reply's stream to its end. */
  async function turn(client: CookieClient, playId: string, message: string): Promise<Sent> {
    const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    expect(sent.body.status_code).toBe(0);
    await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
    return sent.body.data!;
  }

  /** The conversation the model was last asked to continue (its streamed request), as one text. */
  const lastPrompt = () => {
    const streamed = fake.requests.filter((r: FakeRequest) => r.stream);
    return streamed[streamed.length - 1]!.messages.map((m) => m.content).join('\n');
  };

  it('send on A, rewind on B, send on B and A: the prompt A sends holds exactly the kept lines', async () => {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const started = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;

    const first = await turn(onA, playId, 'Alpha: I climb the tower stairs.');
    await turn(onA, playId, 'Bravo: I ask about the broken lamp.');
    expect(lastPrompt()).toContain('Alpha: I climb the tower stairs.');

    // Back on B to the reply of the first turn: the second turn's rows go, and their sequence numbers come again.
    const list = (await onB.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues;
    const firstReply = list.find((d) => d.dialogue_id === first.reply_dialogue_ids[0])!;
    const back = await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: firstReply.dialogue_id });
    expect(back.body.status_code).toBe(0);
    await turn(onB, playId, 'Charlie: I light a candle instead.');

    await turn(onA, playId, 'Delta: I look out to sea.');
    const prompt = lastPrompt();
    expect(prompt).toContain('Alpha: I climb the tower stairs.');
    expect(prompt).toContain('Charlie: I light a candle instead.');
    expect(prompt).toContain('Delta: I look out to sea.');
    expect(prompt).not.toContain('Bravo');

    const after = (await onA.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues;
    expect(after.filter((d) => d.type === 'Input').map((d) => d.content)).toEqual([
      'Alpha: I climb the tower stairs.',
      'Charlie: I light a candle instead.',
      'Delta: I look out to sea.',
    ]);
  });
});
