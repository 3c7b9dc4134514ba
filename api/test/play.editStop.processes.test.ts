import { ErrorCode } from 'shared-kit';
import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, lastStreamedPrompt, nextPhone, openStream, playTurn, publishStory, textOf, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/** The words of a slow reply, one token every 80 ms. */
const SLOW = Array.from({ length: 40 }, (_, i) => `word${i} `);

/**
 * Edit the last message (`message/send` with `edit_dialogue_id`) and stop a reply being written (`message/stop`),
 * across two api processes on one database, against the loopback fake model.
 */
describe('edit the last message and stop a reply, across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  let slow = false;
  beforeAll(async () => {
    fake = await FakeOpenAI.start((request: FakeRequest): FakeBehaviour => {
      if (!request.stream) return directorAnswer(request, false);
      return slow ? { kind: 'stream', tokens: SLOW, delayMs: 80 } : { kind: 'stream', tokens: ['The ', 'keeper ', 'nods.'] };
    });
    fake.flagWhen((text) => text.includes('zorblax'));
    const env = { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '60', LLM_TIMEOUT_MS: '4000', LLM_RETRIES: '0' };
    procs = await startApiProcesses({ count: 2, env });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  const turn = (client: CookieClient, playId: string, body: Record<string, unknown>) => playTurn<Sent & { removed_from_seq?: number }>(client, playId, body);
  const listed = dialoguesOf;
  const lastPrompt = () => lastStreamedPrompt(fake);
  async function newPlay() {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const started = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    return { onA, onB, playId: started.body.data!.play_info.play_id };
  }

  it('edits the latest message in one step on B after A played it: the old turn goes, the prompt holds the new text', async () => {
    const { onA, onB, playId } = await newPlay();
    await turn(onA, playId, { message: 'Alpha: I climb the stairs.' });
    const bravo = await turn(onA, playId, { message: 'Bravo: I break the lamp.' });

    // Not the latest message, or not a message at all: 1009 naming the field, nothing changes.
    const alpha = (await listed(onB, playId)).find((d) => d.content === 'Alpha: I climb the stairs.')!;
    for (const id of [alpha.dialogue_id, bravo.reply_dialogue_ids[0]]) {
      const refused = await onB.post('/api/tyler/message/send', { play_id: playId, message: 'Nope.', edit_dialogue_id: id });
      expect(refused.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(refused.body.status_message).toContain('edit_dialogue_id');
    }
    // Refused by moderation: the old turn stays whole.
    const flagged = await onB.post('/api/tyler/message/send', { play_id: playId, message: 'zorblax', edit_dialogue_id: bravo.input_dialogue.dialogue_id });
    expect(flagged.body.status_code).toBe(ErrorCode.SecurityFail);
    let rows = await listed(onA, playId);
    expect(rows.some((d) => d.content === 'Bravo: I break the lamp.')).toBe(true);
    expect(rows.some((d) => d.dialogue_id === bravo.reply_dialogue_ids[0])).toBe(true);

    const edited = await turn(onB, playId, { message: 'Charlie: I mend the lamp.', edit_dialogue_id: bravo.input_dialogue.dialogue_id });
    expect(edited.removed_from_seq).toBe(bravo.seq_st);
    expect(edited.input_dialogue.content).toBe('Charlie: I mend the lamp.');
    expect(lastPrompt()).toContain('Charlie: I mend the lamp.');
    expect(lastPrompt()).not.toContain('Bravo');
    rows = await listed(onA, playId);
    expect(rows.filter((d) => d.type === 'Input').map((d) => d.content)).toEqual(['Alpha: I climb the stairs.', 'Charlie: I mend the lamp.']);
    expect(rows.some((d) => d.dialogue_id === bravo.reply_dialogue_ids[0])).toBe(false);
    // A's next send (A kept a copy of the rows before the edit) takes the edited play.
    await turn(onA, playId, { message: 'Delta: I light it.' });
    expect(lastPrompt()).toContain('Charlie: I mend the lamp.');
    expect(lastPrompt()).not.toContain('Bravo');
  });

  it('stops a reply written by A from B: the words so far stay, the turn ends, and the model request is closed', async () => {
    const { onA, onB, playId } = await newPlay();
    slow = true;
    const sent = await onA.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Echo: tell me everything.' });
    slow = false;
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const request = fake.streamed[fake.streamed.length - 1]!;
    const stream = await openStream(onA, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_st}`);
    for (let i = 0; i < 200 && textOf(stream.events, replyId).split(' ').length < 4; i += 1) await new Promise((r) => setTimeout(r, 20));

    const stopped = await onB.post<{ stopped: boolean }>('/api/tyler/message/stop', { play_id: playId, dialogue_id: replyId });
    expect(stopped.body.data).toEqual({ stopped: true });
    await stream.ended;
    expect(stream.events[stream.events.length - 1]!.event).toBe('done');
    const shown = textOf(stream.events, replyId);
    const reply = (await listed(onB, playId)).find((d) => d.dialogue_id === replyId)!;
    expect(reply).toMatchObject({ status: 'Normal', done: true });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.content.length).toBeLessThan(SLOW.join('').length);
    expect(shown.startsWith(reply.content) || reply.content.startsWith(shown)).toBe(true);
    // The model request was closed before its last token.
    for (let i = 0; i < 100 && !request.cancelled; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(request.cancelled).toBe(true);
    // The play is free again, and the kept words are in the next prompt.
    await turn(onB, playId, { message: 'Foxtrot: go on.' });
    expect(lastPrompt()).toContain(reply.content.trim());
  });

  it('stops a reply in the process writing it, says false for a finished one, and refuses another play’s reply or play', async () => {
    const { onA, playId } = await newPlay();
    slow = true;
    const sent = await onA.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Golf: go slowly.' });
    slow = false;
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const request = fake.streamed[fake.streamed.length - 1]!;
    const stream = await openStream(onA, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_st}`);
    for (let i = 0; i < 200 && textOf(stream.events, replyId) === ''; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect((await onA.post<{ stopped: boolean }>('/api/tyler/message/stop', { play_id: playId, dialogue_id: replyId })).body.data).toEqual({ stopped: true });
    await stream.ended;
    for (let i = 0; i < 100 && !request.cancelled; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(request.cancelled).toBe(true);
    expect((await onA.post<{ stopped: boolean }>('/api/tyler/message/stop', { play_id: playId, dialogue_id: replyId })).body.data).toEqual({ stopped: false });

    const other = await newPlay();
    const theirs = await turn(other.onA, other.playId, { message: 'Hotel.' });
    const wrongReply = await onA.post('/api/tyler/message/stop', { play_id: playId, dialogue_id: theirs.reply_dialogue_ids[0] });
    expect(wrongReply.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(wrongReply.body.status_message).toContain('dialogue_id');
    const wrongPlay = await onA.post('/api/tyler/message/stop', { play_id: other.playId, dialogue_id: theirs.reply_dialogue_ids[0] });
    expect(wrongPlay.body.status_code).toBe(ErrorCode.RecordNotFound);
  });
});
