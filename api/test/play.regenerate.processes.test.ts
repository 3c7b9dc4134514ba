import { ErrorCode } from 'shared-kit';
import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, lastStreamedPrompt, nextPhone, playTurn, publishStory, type Dlg, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/** A reply as the play routes send it, with a regenerated reply's texts. */
type Reply = Dlg & { alternatives?: string[]; shown?: number };
type Limit = { used: number; limit: number };

/**
 * Regenerate (`message/send` with `is_loop` on a finished reply of the latest turn, its texts kept as alternatives),
 * `message/show_alternative`, and keep talking (`keep_talking`), played across two api processes on one database.
 */
describe('regenerate and keep talking across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  let takes = 0;
  /** What the model does next, once (then it streams "Take n."). */
  let next: FakeBehaviour | null = null;
  let meet = false;
  beforeAll(async () => {
    fake = await FakeOpenAI.start((request: FakeRequest) => {
      if (!request.stream) return directorAnswer(request, meet);
      if (next) {
        const once = next;
        next = null;
        return once;
      }
      takes += 1;
      return { kind: 'stream', tokens: ['Take ', `${takes}.`] };
    });
    const env = { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '60', LLM_TIMEOUT_MS: '2000', LLM_RETRIES: '0' };
    procs = await startApiProcesses({ count: 2, env });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  const send = (client: CookieClient, body: Record<string, unknown>) => client.post<Sent>('/api/tyler/message/send', body);
  const turn = playTurn;
  const listed = (client: CookieClient, playId: string) => dialoguesOf<Reply>(client, playId);
  const replyOf = async (client: CookieClient, playId: string, id: string) => (await listed(client, playId)).find((d) => d.dialogue_id === id)!;
  const lastPrompt = () => lastStreamedPrompt(fake);
  async function newPlay() {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const started = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    return { onA, onB, playId: started.body.data!.play_info.play_id };
  }

  it('regenerates on A and B, keeps every text, pages back to the first, and the next prompt (and the export) take the shown one', async () => {
    const { onA, onB, playId } = await newPlay();
    const first = await turn(onA, playId, { message: 'Alpha: where is the keeper?' });
    const replyId = first.reply_dialogue_ids[0]!;
    const original = (await replyOf(onA, playId, replyId)).content;
    expect(original).toMatch(/^Take \d+\.$/);

    const again = await turn(onA, playId, { is_loop: true, dialogue_id: replyId });
    expect(again.reply_dialogue_ids).toEqual([replyId]);
    expect(again.input_dialogue).toBeNull();
    expect(again.send_limit!.used).toBe((first.send_limit as Limit).used + 1);
    // The regeneration's prompt ends with the player's line, not with the text it replaces.
    expect(lastPrompt()).toContain('Alpha: where is the keeper?');
    expect(lastPrompt()).not.toContain(original);
    const third = await turn(onB, playId, { is_loop: true, dialogue_id: replyId });
    expect(third.send_limit!.used).toBe((first.send_limit as Limit).used + 2);

    let reply = await replyOf(onB, playId, replyId);
    expect(reply.alternatives).toHaveLength(3);
    expect(reply.alternatives![0]).toBe(original);
    expect(new Set(reply.alternatives).size).toBe(3);
    expect(reply.shown).toBe(2);
    expect(reply.content).toBe(reply.alternatives![2]);
    // Still one row at the same place.
    expect((await listed(onA, playId)).filter((d) => d.type === 'NpcDialogue' || d.type === 'Narration')).toHaveLength(1);

    const shown = await onB.post<{ dialogue: Reply }>('/api/tyler/message/show_alternative', { play_id: playId, dialogue_id: replyId, index: 0 });
    expect(shown.body.status_code).toBe(0);
    expect(shown.body.data!.dialogue).toMatchObject({ content: original, shown: 0 });
    expect(shown.body.data!.dialogue.alternatives).toEqual(reply.alternatives);

    const exported = await (await fetch(`${a.baseUrl}/api/tyler/play/export?play_id=${playId}&format=jsonl`, { headers: { cookie: [...onA.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })).text();
    const lines = exported.trimEnd().split('\n').map((l) => JSON.parse(l) as { mes: string; swipes: string[]; swipe_id: number });
    expect(lines[lines.length - 1]).toMatchObject({ mes: original, swipes: reply.alternatives, swipe_id: 0 });

    // A's send takes the text shown now (A had kept a copy of the rows with another one).
    await turn(onA, playId, { message: 'Bravo: and the lamp?' });
    const prompt = lastPrompt();
    expect(prompt).toContain(original);
    expect(prompt).not.toContain(reply.alternatives![1]!);
    expect(prompt).not.toContain(reply.alternatives![2]!);

    // The turn before is no longer the latest: neither regenerated nor paged.
    const old = await send(onB, { play_id: playId, is_loop: true, dialogue_id: replyId });
    expect(old.body.status_code).toBe(ErrorCode.RegenerateUnsupported);
    expect(old.body.status_message).toContain('dialogue_id');
    const oldPage = await onA.post('/api/tyler/message/show_alternative', { play_id: playId, dialogue_id: replyId, index: 1 });
    expect(oldPage.body.status_code).toBe(ErrorCode.RegenerateUnsupported);
    // Rewinding to it still works, and it keeps its texts.
    expect((await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: replyId })).body.status_code).toBe(0);
    reply = await replyOf(onA, playId, replyId);
    expect(reply.alternatives).toHaveLength(3);
    expect(reply.content).toBe(original);
  });

  it('refuses another player’s reply or play, a line that is not a reply, past the maximum (naming the field), and a regeneration that fails keeps the text shown', async () => {
    const { onA, onB, playId } = await newPlay();
    const sent = await turn(onA, playId, { message: 'Charlie: hello.' });
    const replyId = sent.reply_dialogue_ids[0]!;
    const other = await newPlay();
    const theirs = await turn(other.onA, other.playId, { message: 'Someone else.' });

    const foreignReply = await send(onA, { play_id: playId, is_loop: true, dialogue_id: theirs.reply_dialogue_ids[0] });
    expect(foreignReply.body.status_code).toBe(ErrorCode.RegenerateUnsupported);
    expect(foreignReply.body.status_message).toContain('dialogue_id');
    const foreignPlay = await send(onA, { play_id: other.playId, is_loop: true, dialogue_id: theirs.reply_dialogue_ids[0] });
    expect(foreignPlay.body.status_code).toBe(ErrorCode.RecordNotFound);
    const input = await send(onA, { play_id: playId, is_loop: true, dialogue_id: sent.input_dialogue.dialogue_id });
    expect(input.body.status_code).toBe(ErrorCode.RegenerateUnsupported);
    const badIndex = await onA.post('/api/tyler/message/show_alternative', { play_id: playId, dialogue_id: replyId, index: 10 });
    expect(badIndex.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(JSON.stringify(badIndex.body)).toContain('index');

    // A failing model: the regeneration ends, the text shown before stays (status Normal), with the failure's code.
    const before = await replyOf(onA, playId, replyId);
    next = { kind: 'status', status: 500 };
    await turn(onB, playId, { is_loop: true, dialogue_id: replyId });
    const failed = await replyOf(onA, playId, replyId);
    expect(failed).toMatchObject({ content: before.content, status: 'Normal', done: true, alternatives: [before.content], shown: 0 });
    expect(failed.error_code).not.toBe(0);

    // Nine more texts (ten in all), then the maximum.
    for (let i = 0; i < 9; i += 1) await turn(i % 2 === 0 ? onA : onB, playId, { is_loop: true, dialogue_id: replyId });
    expect((await replyOf(onB, playId, replyId)).alternatives).toHaveLength(10);
    const past = await send(onA, { play_id: playId, is_loop: true, dialogue_id: replyId });
    expect(past.body.status_code).toBe(ErrorCode.RegenerateMaximum);
    expect(past.body.status_message).toContain('dialogue_id');
    expect((await replyOf(onB, playId, replyId)).alternatives).toHaveLength(10);
  });

  it('a regeneration of a reply that moved the chapter on undoes the move first', async () => {
    const { onA, onB, playId } = await newPlay();
    meet = true;
    const sent = await turn(onA, playId, { message: 'Delta: I light the lamp.' });
    meet = false;
    const replyId = sent.reply_dialogue_ids[0]!;
    // The director's rows come after the reply (fetched once the turn is over).
    const moved = await listed(onB, playId);
    expect(moved[moved.length - 1]!.seq).toBeGreaterThan(sent.seq_ed);
    const info = async () => (await onA.call<{ chapter_index: number }>(`/api/tyler/play_info?play_id=${playId}`)).body.data!;
    expect((await info()).chapter_index).toBe(1);

    await turn(onB, playId, { is_loop: true, dialogue_id: replyId });
    const after = await listed(onA, playId);
    expect(after[after.length - 1]!.dialogue_id).toBe(replyId);
    expect(after[after.length - 1]!.alternatives).toHaveLength(2);
    expect((await info()).chapter_index).toBe(0);
  });

  it('keeps talking without a player line, at most five times in a row; a player line starts the count again', async () => {
    const { onA, onB, playId } = await newPlay();
    const first = await turn(onA, playId, { message: 'Echo: tell me a story.' });
    let used = (first.send_limit as Limit).used;
    for (let i = 0; i < 5; i += 1) {
      const went = await turn(i % 2 === 0 ? onB : onA, playId, { keep_talking: true });
      expect(went.input_dialogue).toBeNull();
      expect(went.seq_st).toBe(went.seq_ed);
      expect(went.send_limit!.used).toBe(used + 1);
      used += 1;
    }
    // The model went on from the conversation: the player's line and the replies so far.
    expect(lastPrompt()).toContain('Echo: tell me a story.');
    const rows = await listed(onA, playId);
    expect(rows.filter((d) => d.type === 'Input')).toHaveLength(1);
    expect(rows.filter((d) => d.type === 'NpcDialogue' || d.type === 'Narration')).toHaveLength(6);

    const sixth = await send(onB, { play_id: playId, keep_talking: true });
    expect(sixth.body.status_code).toBe(ErrorCode.KeepTalkingMaximum);
    expect(sixth.body.status_message).toContain('keep_talking');
    await turn(onA, playId, { message: 'Foxtrot: go on.' });
    const resumed = await turn(onB, playId, { keep_talking: true });
    // A keep-talking reply can be regenerated like any other, and rewound.
    await turn(onA, playId, { is_loop: true, dialogue_id: resumed.reply_dialogue_ids[0] });
    expect((await replyOf(onA, playId, resumed.reply_dialogue_ids[0]!)).alternatives).toHaveLength(2);
    const foxtrot = (await listed(onA, playId)).find((d) => d.content === 'Foxtrot: go on.')!;
    expect((await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: foxtrot.dialogue_id })).body.status_code).toBe(0);
    expect((await listed(onA, playId)).some((d) => d.dialogue_id === resumed.reply_dialogue_ids[0])).toBe(false);
  });
});
