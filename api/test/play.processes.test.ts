import { ErrorCode } from 'shared-kit';
import { save, storyPayload } from './editor.support';
import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, lastStreamedPrompt, nextPhone, openStream, publishStory, readStream, retryReply, textOf, type Dlg, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

const DAILY_LIMIT = 6;

/** A play crossed between two api processes on one database: each sees what the other wrote. */
describe('a play across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  const nods = (request: FakeRequest): FakeBehaviour => (request.stream ? { kind: 'stream', tokens: ['The ', 'keeper ', 'nods.'] } : directorAnswer(request, false));
  beforeAll(async () => {
    fake = await FakeOpenAI.start(nods);
    // A day's quota of DAILY_LIMIT messages per account; a reply left by a stopped process is released after
    // LLM_TIMEOUT_MS * (LLM_RETRIES + 2) + 5 s.
    const env = { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: String(DAILY_LIMIT), LLM_TIMEOUT_MS: '2000', LLM_RETRIES: '0' };
    procs = await startApiProcesses({ count: 2, env });
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

  const listed = dialoguesOf;
  const lastPrompt = () => lastStreamedPrompt(fake);

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

    // Back on B to the reply of the first turn: the second turn's rows go (their sequence numbers are not used again).
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

  it("A's copy of a play's rows is never used once B wrote them: a rewind alone on B, then a send on A; a turn on B, then a send on A", async () => {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = (await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    // Three turns on A: A keeps a copy of the play's rows, and its last send took them from it.
    const first = await turn(onA, playId, 'Golf: I climb to the lamp room.');
    await turn(onA, playId, 'Hotel: I polish the great lens.');
    await turn(onA, playId, 'India: I wind the clockwork.');
    expect(lastPrompt()).toContain('Hotel: I polish the great lens.');

    // B rewinds to the first reply and sends nothing: the play's numbers do not move (they are never reused), only
    // its rows' revision tells A that its copy is stale.
    const back = await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: first.reply_dialogue_ids[0] });
    expect(back.body.status_code).toBe(0);
    await turn(onA, playId, 'Juliet: I look for the keeper.');
    let prompt = lastPrompt();
    expect(prompt).toContain('Golf: I climb to the lamp room.');
    expect(prompt).toContain('Juliet: I look for the keeper.');
    expect(prompt).not.toContain('Hotel');
    expect(prompt).not.toContain('India');

    // A turn written through B, then a send through A: A's prompt holds B's turn.
    await turn(onB, playId, 'Kilo: I ring the bell.');
    await turn(onA, playId, 'Lima: I wait for an answer.');
    prompt = lastPrompt();
    for (const line of ['Golf: I climb to the lamp room.', 'Juliet: I look for the keeper.', 'Kilo: I ring the bell.', 'Lima: I wait for an answer.']) {
      expect(prompt).toContain(line);
    }
    expect(prompt).not.toContain('Hotel');
    expect((await listed(onA, playId)).filter((d) => d.type === 'Input').map((d) => d.content)).toEqual([
      'Golf: I climb to the lamp room.',
      'Juliet: I look for the keeper.',
      'Kilo: I ring the bell.',
      'Lima: I wait for an answer.',
    ]);
  });

  it('restart on B, then send on A: the turn goes to the new play, whose prompt holds none of the old one', async () => {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const oldPlay = (await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turn(onA, oldPlay, 'Echo: I ring the harbour bell.');

    const restarted = await onB.post<Started>('/api/tyler/story/restart_play', { play_id: oldPlay });
    expect(restarted.body.status_code).toBe(0);
    const newPlay = restarted.body.data!.play_info.play_id;
    expect(newPlay).not.toBe(oldPlay);

    await turn(onA, newPlay, 'Foxtrot: I knock on the keeper door.');
    expect(lastPrompt()).toContain('Foxtrot: I knock on the keeper door.');
    expect(lastPrompt()).not.toContain('Echo');
    // A resumes the story in the new play, and the old one keeps its history.
    const resumed = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    expect(resumed.body.data!.play_info.play_id).toBe(newPlay);
    expect((await listed(onA, newPlay)).filter((d) => d.type === 'Input').map((d) => d.content)).toEqual(['Foxtrot: I knock on the keeper door.']);
    expect((await listed(onB, oldPlay)).filter((d) => d.type === 'Input').map((d) => d.content)).toEqual(['Echo: I ring the harbour bell.']);
  });

  it('sync_latest_play on B moves to the version published meanwhile, and A plays it', async () => {
    const { storyId, versionId, creator } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const oldPlay = (await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turn(onA, oldPlay, 'Golf: I count the ships.');

    // The creator publishes a second version through A; review passes it.
    const got = await creator.call<{ version: { version_id: string } }>(`/api/editor/story/get?story_id=${storyId}`);
    const republished = await save(creator, { ...storyPayload({ story_name: 'The Lighthouse, revised' }), story_id: storyId, version: got.body.data!.version, publish_type: 'Publish' });
    expect(republished.body.status_code).toBe(0);
    let latest = versionId;
    for (const deadline = Date.now() + 15_000; latest === versionId && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      latest = (await a.call<{ version_id: string }>(`/api/tyler/story/info?story_id=${storyId}`)).body.data?.version_id ?? versionId;
    }
    expect(latest).not.toBe(versionId);

    // A send on A naming the old version is told to sync; B syncs; A plays the new play on the new version.
    const stale = await onA.post('/api/tyler/message/send', { play_id: oldPlay, version_id: latest, message: 'Hotel: hello?' });
    expect(stale.body.status_code).toBe(ErrorCode.InvalidVersion);
    const synced = await onB.post<Started & { changed: boolean }>('/api/tyler/story/sync_latest_play', { play_id: oldPlay });
    expect(synced.body.status_code).toBe(0);
    expect(synced.body.data!.changed).toBe(true);
    const newPlay = synced.body.data!.play_info.play_id;
    const sent = await turn(onA, newPlay, 'India: I read the new logbook.');
    expect(sent.seq_st).toBeGreaterThan(0);
    expect(lastPrompt()).toContain('The Lighthouse, revised');
    expect(lastPrompt()).not.toContain('Golf');
    const again = await onA.post<Started & { changed: boolean }>('/api/tyler/story/sync_latest_play', { play_id: newPlay });
    expect(again.body.data!.changed).toBe(false);
  });

  it('the day\'s quota spent from both processes at once stops at exactly the limit', async () => {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    // Four plays of one account, two sent to through each process, all at once, round after round.
    const plays: Array<{ client: CookieClient; playId: string }> = [];
    for (const client of [onA, onB, onA, onB]) {
      const started = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true });
      plays.push({ client, playId: started.body.data!.play_info.play_id });
    }
    let accepted = 0;
    let refused = 0;
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(
        plays.map(async ({ client, playId }, i) => {
          const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: `Juliet ${round}-${i}: I wave.` });
          if (res.body.status_code === 0) await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
          return res.body.status_code;
        }),
      );
      accepted += results.filter((c) => c === 0).length;
      refused += results.filter((c) => c === ErrorCode.MessageLimitReached).length;
    }
    expect([accepted, refused]).toEqual([DAILY_LIMIT, 12 - DAILY_LIMIT]);
    for (const { client, playId } of plays) {
      const info = await client.call<{ send_limit: { used: number; limit: number } }>(`/api/tyler/play_info?play_id=${playId}`);
      expect(info.body.data!.send_limit).toMatchObject({ used: DAILY_LIMIT, limit: DAILY_LIMIT });
    }
    // Every accepted send stored its turn; no refused one left a row.
    const inputs = (await Promise.all(plays.map(({ client, playId }) => listed(client, playId)))).flat().filter((d) => d.type === 'Input');
    expect(inputs).toHaveLength(DAILY_LIMIT);
  });

  it('a process killed mid-reply: the other serves stream_reply, the history stays whole and the play goes on', async () => {
    const c = await procs.add();
    const { storyId } = await publishStory(b.baseUrl);
    const onC = await c.signIn(nextPhone());
    const onB = b.as(onC);
    const playId = (await onC.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turn(onC, playId, 'Kilo: I climb to the lamp room.');
    const before = await listed(onB, playId);

    // A slow reply through C: C is killed once its first words are out and stored.
    fake.script((request) => (request.stream ? { kind: 'stream', tokens: ['The ', 'lamp ', 'is ', 'warm ', 'and ', 'bright.'], delaysMs: [5, 5, 8000, 5, 5, 5] } : directorAnswer(request, false)));
    const sent = await onC.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Lima: Is the lamp lit?' });
    expect(sent.body.status_code).toBe(0);
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const onCStream = await openStream(onC, `/api/tyler/message/stream_reply?dialogue_id=${replyId}`);
    for (const deadline = Date.now() + 10_000; textOf(onCStream.events, replyId) !== 'The lamp ' && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(textOf(onCStream.events, replyId)).toBe('The lamp ');
    // The words shown are flushed to the database within the flush period.
    for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
      const row = (await listed(onB, playId)).find((d) => d.dialogue_id === replyId);
      if (row?.content === 'The lamp ') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // The client's connection to C goes with it.
    onCStream.close();
    await c.kill();
    fake.script(nods);

    // B serves the reply from where the client was: what C stored, then the failure once the grace period is over.
    const resumed = await readStream(onB, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_ed}&offset=4`);
    expect(textOf(resumed.events, replyId)).toBe('lamp ');
    const error = resumed.events.find((e) => e.event === 'error');
    expect(error?.data).toMatchObject({ dialogue_id: replyId, status_code: ErrorCode.ModelStreamError });
    expect(resumed.events[resumed.events.length - 1]!.event).toBe('done');

    // The history: everything before, the Input, and the reply marked failed; the player writes it again on B.
    const after = await listed(onB, playId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((d) => [d.type, d.status, d.content])).toEqual([
      ['Input', 'Normal', 'Lima: Is the lamp lit?'],
      ['NpcDialogue', 'Fail', 'The lamp '],
    ]);
    const retried = await retryReply(onB, playId, replyId);
    expect(retried.text).toBe('The keeper nods.');
    await turn(onB, playId, 'Mike: Thank you.');
  });
});
