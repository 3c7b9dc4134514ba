import { ErrorCode } from 'shared-kit';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { dialoguesOf, nextPhone, publishStory, readStream, textOf, type Sent, type SseEvent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/*
 * A reply streamed by another api process than the one writing it, the request naming the reply's play (as the
 * player does): the stream reads the caller's play and its rows together and finds the reply among them. It shows
 * the same words, rows and `done` as a stream that names only the reply, while the turn runs and after it, and
 * refuses whoever the play is not.
 */
describe('a reply streamed from another process, its play named', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  const WORDS = ['The ', 'keeper ', 'lifts ', 'the ', 'lamp ', 'and ', 'smiles.'];
  /** A reply whose third word comes late: streams opened on the other process meet it half written. */
  const slow = (request: FakeRequest): FakeBehaviour =>
    request.stream ? { kind: 'stream', tokens: WORDS, delaysMs: [5, 5, 600, 5, 5, 5, 5] } : directorAnswer(request, false);
  beforeAll(async () => {
    fake = await FakeOpenAI.start(slow);
    procs = await startApiProcesses({ count: 2, env: { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '1000' } });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  const rowsOf = (events: SseEvent[]) => events.filter((e) => e.event === 'dialogue').map((e) => e.data);
  const last = (events: SseEvent[]) => events[events.length - 1]!;

  it('while the turn runs on A and after it, B streams the same words, rows and done; others are refused', async () => {
    const { storyId } = await publishStory(a.baseUrl);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = (await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;

    const sent = await onA.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Is the lamp lit?' });
    expect(sent.body.status_code).toBe(0);
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const query = `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_st}`;
    // Opened on B while A writes the reply: the reply named with its play, the play's next turn, and the reply alone.
    const [named, nextTurn, alone] = await Promise.all([
      readStream(onB, `${query}&play_id=${playId}`),
      readStream(onB, `/api/tyler/message/stream_reply?play_id=${playId}&seq_st=${sent.body.data!.seq_st}`),
      readStream(onB, query),
    ]);
    const stored = await dialoguesOf(onA, playId);
    const turnRows = stored.filter((d) => d.seq >= sent.body.data!.seq_st);
    for (const stream of [named, nextTurn, alone]) {
      expect(stream.events.some((e) => e.event === 'error')).toBe(false);
      expect(textOf(stream.events, replyId)).toBe(WORDS.join(''));
      expect(rowsOf(stream.events)).toEqual(turnRows);
      expect(last(stream.events).event).toBe('done');
    }
    expect(last(named.events)).toEqual(last(alone.events));
    expect(last(nextTurn.events)).toEqual(last(alone.events));

    // After the turn, on B and on A alike: the same events with the play named as without it.
    for (const client of [onB, onA]) {
      const late = await readStream(client, `${query}&play_id=${playId}`);
      expect(late.events).toEqual((await readStream(client, query)).events);
      expect(rowsOf(late.events)).toEqual(turnRows);
      expect(last(late.events)).toEqual(last(alone.events));
    }

    // Another player, on either process: naming this play or their own beside this reply changes nothing (1050001).
    const other = await b.signIn(nextPhone());
    const theirs = (await other.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    for (const client of [other, a.as(other)]) {
      for (const path of [query, `${query}&play_id=${playId}`, `${query}&play_id=${theirs}`]) {
        expect((await client.call(path)).body.status_code).toBe(ErrorCode.RecordNotFound);
      }
    }
  });
});
