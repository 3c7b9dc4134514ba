import { ErrorCode, type PlayMemory } from 'shared-kit';
import { MEMORY_NOTE_MAX, MEMORY_PIN_MAX } from 'shared-kit/areas';
import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/*
 * The play's memory (`GET memory`, `POST memory/pin`, `memory/unpin`, `memory/summary`) across two api processes on
 * one database: pins made on one are in the prompt the other sends, a rewind on either drops the pins of the lines
 * it removes, and bad input gets its code with the field named.
 */
describe('memory: pins and the running summary across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  let storyId: string;
  const nods = (request: FakeRequest): FakeBehaviour => (request.stream ? { kind: 'stream', tokens: ['The ', 'keeper ', 'nods.'] } : directorAnswer(request, false));
  beforeAll(async () => {
    fake = await FakeOpenAI.start(nods);
    // A small context so a long play folds its older turns into a running summary at the next turn.
    const env = { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', LLM_CONTEXT_TOKENS: '3000' };
    procs = await startApiProcesses({ count: 2, env });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
    storyId = (await publishStory(a.baseUrl)).storyId;
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  async function turn(client: CookieClient, playId: string, message: string): Promise<Sent> {
    const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    expect(sent.body.status_code).toBe(0);
    await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
    return sent.body.data!;
  }
  async function newPlay(client: CookieClient): Promise<string> {
    const started = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true });
    expect(started.body.status_code).toBe(0);
    return started.body.data!.play_info.play_id;
  }
  const listed = dialoguesOf;
  const memory = async (client: CookieClient, playId: string) => {
    const res = await client.call<PlayMemory>(`/api/tyler/memory?play_id=${playId}`);
    expect(res.body.status_code).toBe(0);
    return res.body.data!;
  };
  /** The system part of the model's last streamed request. */
  const lastSystem = () => {
    const streamed = fake.requests.filter((r: FakeRequest) => r.stream);
    return streamed[streamed.length - 1]!.messages[0]!.content;
  };

  it('a line pinned on A and a note pinned on B are in the prompt A sends next, newest first in the panel; unpinned, they leave it', async () => {
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = await newPlay(onA);
    const first = await turn(onA, playId, 'My sister Juniper sails the Gull tonight.');
    const line = (await listed(onB, playId)).find((d) => d.dialogue_id === first.input_dialogue.dialogue_id)!;

    const pinned = await onA.post<PlayMemory>('/api/tyler/memory/pin', { play_id: playId, dialogue_id: line.dialogue_id });
    expect(pinned.body.status_code).toBe(0);
    const noted = await onB.post<PlayMemory>('/api/tyler/memory/pin', { play_id: playId, note: 'The keeper owes Alex a favour.' });
    expect(noted.body.status_code).toBe(0);

    const seen = await memory(onA, playId);
    expect(seen.pins.map((p) => [p.kind, p.content, p.in_prompt])).toEqual([
      ['note', 'The keeper owes Alex a favour.', true],
      ['line', 'My sister Juniper sails the Gull tonight.', true],
    ]);
    expect(seen.pins[1]).toMatchObject({ dialogue_id: line.dialogue_id, seq: line.seq, speaker: 'Alex' });
    expect(seen.limits).toEqual({ pins: MEMORY_PIN_MAX, note_chars: MEMORY_NOTE_MAX, pin_tokens: 600, summary_chars: 4000 });
    expect(seen.pin_tokens).toBeGreaterThan(0);

    // Pinning the same line again names the field.
    const again = await onB.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: line.dialogue_id });
    expect(again.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: expect.stringContaining('dialogue_id') });

    await turn(onA, playId, 'What do you know of the Gull?');
    const system = lastSystem();
    expect(system).toContain('## Remember (pinned by the player)\n- Alex: My sister Juniper sails the Gull tonight.\n- The keeper owes Alex a favour.');

    const unpinned = await onB.post<PlayMemory>('/api/tyler/memory/unpin', { play_id: playId, pin_id: seen.pins[0]!.pin_id });
    expect(unpinned.body.data!.pins.map((p) => p.content)).toEqual(['My sister Juniper sails the Gull tonight.']);
    await turn(onB, playId, 'Goodnight.');
    expect(lastSystem()).not.toContain('owes Alex a favour');
    expect(lastSystem()).toContain('Juniper');
  });

  it('a rewind on B past a pinned line unpins it on A; the notes and the lines kept stay', async () => {
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = await newPlay(onA);
    const kept = await turn(onA, playId, 'Kept: the lamp is green.');
    const gone = await turn(onA, playId, 'Gone: the boat is red.');
    await onA.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: kept.input_dialogue.dialogue_id });
    await onA.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: gone.input_dialogue.dialogue_id });
    await onA.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: gone.reply_dialogue_ids[0] });
    await onA.post('/api/tyler/memory/pin', { play_id: playId, note: 'A note stays.' });
    expect((await memory(onB, playId)).pins).toHaveLength(4);

    const back = await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: kept.reply_dialogue_ids[0] });
    expect(back.body.status_code).toBe(0);
    expect((await memory(onA, playId)).pins.map((p) => p.content)).toEqual(['A note stays.', 'Kept: the lamp is green.']);
    await turn(onA, playId, 'Next.');
    expect(lastSystem()).not.toContain('the boat is red');
    expect(lastSystem()).toContain('the lamp is green');
  });

  it('past the token budget the newest pins are in the prompt; the oldest wait, marked so', async () => {
    const onA = await a.signIn(nextPhone());
    const playId = await newPlay(onA);
    // Notes of about 90 tokens each: some fit in 600 tokens, not all eight.
    const note = (i: number) => `Note ${i}: ${'the tide comes in over the old harbour wall '.repeat(10).trim()}`.slice(0, MEMORY_NOTE_MAX);
    for (let i = 1; i <= 8; i += 1) expect((await onA.post('/api/tyler/memory/pin', { play_id: playId, note: note(i) })).body.status_code).toBe(0);
    const seen = await memory(onA, playId);
    const inPrompt = seen.pins.filter((p) => p.in_prompt).map((p) => p.content.slice(0, 7));
    expect(inPrompt.length).toBeGreaterThanOrEqual(4);
    expect(inPrompt.length).toBeLessThan(8);
    // Newest first: the ones in the prompt are the newest ones.
    expect(inPrompt).toEqual(seen.pins.slice(0, inPrompt.length).map((p) => p.content.slice(0, 7)));
    expect(seen.pin_tokens).toBeLessThanOrEqual(600);
    await turn(onA, playId, 'Tell me of the tide.');
    expect(lastSystem()).toContain('Note 8:');
    expect(lastSystem()).not.toContain('Note 1:');
  });

  it('refuses bad pins with the code and the field named, and writes nothing', async () => {
    const onA = await a.signIn(nextPhone());
    const playId = await newPlay(onA);
    const other = await newPlay(onA);
    const there = await turn(onA, other, 'A line of another play.');
    const stranger = await b.signIn(nextPhone());

    const foreignLine = await onA.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: there.input_dialogue.dialogue_id });
    expect(foreignLine.body).toMatchObject({ status_code: ErrorCode.RecordNotFound, status_message: expect.stringContaining('dialogue_id') });
    expect(ErrorCode.RecordNotFound).toBe(1050001);
    const othersPlay = await stranger.post('/api/tyler/memory/pin', { play_id: playId, note: 'mine now' });
    expect(othersPlay.body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await stranger.call(`/api/tyler/memory?play_id=${playId}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    const both = await onA.post('/api/tyler/memory/pin', { play_id: playId, note: 'x', dialogue_id: there.input_dialogue.dialogue_id });
    expect(both.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: expect.stringContaining('dialogue_id') });
    const long = await onA.post('/api/tyler/memory/pin', { play_id: playId, note: 'x'.repeat(MEMORY_NOTE_MAX + 1) });
    expect(long.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: expect.stringContaining('note') });
    const opening = (await listed(onA, playId))[0]!;
    expect(opening.type).toBe('OpeningRemark');
    for (let i = 0; i < MEMORY_PIN_MAX; i += 1) expect((await onA.post('/api/tyler/memory/pin', { play_id: playId, note: `n${i}` })).body.status_code).toBe(0);
    const over = await onA.post('/api/tyler/memory/pin', { play_id: playId, dialogue_id: opening.dialogue_id });
    expect(over.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: expect.stringContaining('dialogue_id') });
    const missing = await onA.post('/api/tyler/memory/unpin', { play_id: playId, pin_id: '123' });
    expect(missing.body).toMatchObject({ status_code: ErrorCode.RecordNotFound, status_message: expect.stringContaining('pin_id') });
    expect((await memory(onA, playId)).pins).toHaveLength(MEMORY_PIN_MAX);
    expect((await memory(onA, other)).pins).toHaveLength(0);
  });

  it('shows the running summary the turns keep, and the player’s rewrite of it is what the next prompt holds', async () => {
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = await newPlay(onA);
    expect((await onA.post('/api/tyler/memory/summary', { play_id: playId, summary: 'too early' })).body).toMatchObject({
      status_code: ErrorCode.ClientParamError,
      status_message: expect.stringContaining('summary'),
    });
    expect((await onA.post('/api/dev/play_history', { play_id: playId, turns: 60 })).body.status_code).toBe(0);
    await turn(onA, playId, 'Fold the old turns now.');
    const folded = await memory(onB, playId);
    expect(folded.summary).toBe('The player arrived and spoke with the keeper.');
    expect(folded.summary_upto_seq).toBeGreaterThan(0);

    const rewritten = await onB.post<PlayMemory>('/api/tyler/memory/summary', { play_id: playId, summary: 'Alex came to the lighthouse looking for Juniper.' });
    expect(rewritten.body.data).toMatchObject({ summary: 'Alex came to the lighthouse looking for Juniper.', summary_upto_seq: folded.summary_upto_seq });
    await turn(onA, playId, 'Where is she?');
    expect(lastSystem()).toContain('## What happened so far\nAlex came to the lighthouse looking for Juniper.');
    // A rewind that keeps the summary keeps the rewrite (it is the Summary row's text).
    const rows = await listed(onA, playId);
    const lastInput = rows.filter((d) => d.type === 'Input').at(-1)!;
    expect(lastInput.content).toBe('Where is she?');
    expect((await onB.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: lastInput.dialogue_id })).body.status_code).toBe(0);
    expect((await memory(onA, playId)).summary).toBe('Alex came to the lighthouse looking for Juniper.');
  });
});
