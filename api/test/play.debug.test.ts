import { ErrorCode, type PlayDebugView } from 'shared-kit';
import { PlayDebug } from '../src/modules/play/memory/debug.model';
import { save, storyPayload } from './editor.support';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

/*
 * `GET play/debug` (ours): per reply of a test play of a draft, the prompt's parts and their tokens, the director's
 * verdict, the model and the time to first token; only the story's creator sees it.
 */
describe('the creator’s debug view of a test play', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  const handler = (req: FakeRequest): FakeBehaviour =>
    req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'The keeper ', 'waves.'], delayMs: 30 } : directorAnswer(req, false);
  beforeAll(async () => {
    fake = await FakeOpenAI.start(handler);
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv } });
  }, 30_000);
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('records each reply of a draft’s test play for its creator; others and published plays get 1201', async () => {
    const { creator, storyId } = await publishStory(api.baseUrl);
    const started = await creator.post<Started>('/api/tyler/story/start_play_draft', { story_id: storyId });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;
    const pin = await creator.post('/api/tyler/memory/pin', { play_id: playId, note: 'The creator is testing the lamp scene.' });
    expect(pin.body.status_code).toBe(0);
    for (const message of ['Hello, keeper.', 'Where is the lamp oil?']) {
      const sent = await creator.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
      expect(sent.body.status_code).toBe(0);
      await readStream(creator, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
    }
    // The record is written after the director, just after the stream ends.
    let view: PlayDebugView | undefined;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const res = await creator.call<PlayDebugView>(`/api/tyler/play/debug?play_id=${playId}`);
      expect(res.body.status_code).toBe(0);
      view = res.body.data!;
      if (view.replies.length === 2) break;
    }
    expect(view!.replies).toHaveLength(2);
    const [newest, first] = view!.replies;
    expect(newest!.seq).toBeGreaterThan(first!.seq);
    expect(newest).toMatchObject({ model: 'fake-model', verdict: { met: false, failed: false, reason: 'not yet' } });
    const p = newest!.parts;
    for (const part of [p.system, p.story, p.pins, p.recent_lines]) expect(part).toBeGreaterThan(0);
    expect(p.summary).toBe(0);
    expect(p.system + p.story + p.summary + p.pins + p.lorebook + p.recent_lines).toBe(p.total);
    expect(newest!.recent_line_count).toBeGreaterThan(first!.recent_line_count);
    // The fake waits 30 ms before its first token.
    expect(newest!.ttft_ms).toBeGreaterThanOrEqual(25);
    expect(newest!.ttft_ms).toBeLessThan(5_000);

    const stranger = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await stranger.call(`/api/tyler/play/debug?play_id=${playId}`)).body.status_code).toBe(ErrorCode.NoPermission);
    const published = await creator.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    const publishedId = published.body.data!.play_info.play_id;
    const sent = await creator.post<Sent>('/api/tyler/message/send', { play_id: publishedId, message: 'Hello.' });
    await readStream(creator, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
    expect((await creator.call(`/api/tyler/play/debug?play_id=${publishedId}`)).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await creator.call('/api/tyler/play/debug?play_id=1')).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await creator.call('/api/tyler/play/debug?play_id=abc')).body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: expect.stringContaining('play_id') });
  });

  it('a draft never published can be test-played and debugged; deleting the account deletes its debug records', async () => {
    const creator = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const draft = await save(creator, { ...storyPayload(), publish_type: 'Draft' });
    expect(draft.body.status_code).toBe(0);
    const started = await creator.post<Started>('/api/tyler/story/start_play_draft', { story_id: draft.body.data!.story_id });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;
    const sent = await creator.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Hello, keeper.' });
    await readStream(creator, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && (await PlayDebug.countDocuments({ play_id: playId })) === 0; ) await new Promise((r) => setTimeout(r, 50));
    expect(await PlayDebug.countDocuments({ play_id: playId })).toBe(1);
    expect((await creator.post('/api/tyler/user/log_off', {})).body.status_code).toBe(0);
    expect(await PlayDebug.countDocuments({ play_id: playId })).toBe(0);
  });
});
