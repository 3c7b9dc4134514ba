import { ErrorCode } from 'shared-kit';
import { SUGGESTION_MAX_CHARS } from 'shared-kit/areas';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, type Dlg, type Sent, type Started } from './support/playStories';

/*
 * `POST message/suggest` (ours): two or three things the player might say after the newest reply, stored as a
 * FixedOptions row; choosing one is `message/send` with it in `option_contents`.
 */

interface Suggested {
  play_id: string;
  options: string[];
  dialogue: Dlg;
}

const SUGGESTIONS = ['Ask about the lamp.', 'I climb the stairs.', 'Where is the keeper?'];
const isSuggestRequest = (req: FakeRequest) => !req.stream && (req.messages.at(-1)?.content ?? '').includes('suggest three short things');

async function played(api: TestApi, storyId: string): Promise<{ client: CookieClient; playId: string }> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const started = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
  const playId = started.body.data!.play_info.play_id;
  const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Hello there, is anyone up in the tower?' });
  expect(sent.body.status_code).toBe(0);
  await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`);
  return { client, playId };
}

const listed = async (client: CookieClient, playId: string) => (await client.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`)).body.data!.dialogues;

describe('suggested replies from the model', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let storyId: string;
  let suggestAnswer = JSON.stringify(SUGGESTIONS);
  const handler = (req: FakeRequest): FakeBehaviour => {
    if (req.stream) return { kind: 'stream', tokens: ['[Gentle] ', 'The lamp ', 'is cold tonight.'], delayMs: 2 };
    if (isSuggestRequest(req)) return { kind: 'json', content: suggestAnswer };
    return directorAnswer(req, false);
  };
  beforeAll(async () => {
    fake = await FakeOpenAI.start(handler);
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv } });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 30_000);
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('asks with the prompt the next reply would get, stores them as FixedOptions, and a choice is sent as option_contents', async () => {
    suggestAnswer = `Here you go:\n${JSON.stringify(SUGGESTIONS)}`;
    const { client, playId } = await played(api, storyId);
    const replyPrompt = fake.streamed.at(-1)!.messages;
    const res = await client.post<Suggested>('/api/tyler/message/suggest', { play_id: playId });
    expect(res.body.status_code).toBe(0);
    expect(res.body.data!.options).toEqual(SUGGESTIONS);
    expect(res.body.data!.dialogue).toMatchObject({ type: 'FixedOptions', done: true });
    expect(JSON.parse(res.body.data!.dialogue.content)).toEqual(SUGGESTIONS);

    // The same prompt: the reply's system part and conversation, then the reply itself, then the instruction.
    const asked = fake.requests.filter(isSuggestRequest);
    expect(asked).toHaveLength(1);
    const messages = asked[0]!.messages;
    expect(messages[0]!.content).toBe(replyPrompt[0]!.content);
    expect(messages.slice(1, replyPrompt.length).map((m) => m.content)).toEqual(replyPrompt.slice(1).map((m) => m.content));
    expect(messages.at(-2)!.content).toContain('The lamp is cold tonight.');

    // Newest row: asked again, the same ones, without the model.
    const again = await client.post<Suggested>('/api/tyler/message/suggest', { play_id: playId });
    expect(again.body.data!.dialogue.dialogue_id).toBe(res.body.data!.dialogue.dialogue_id);
    expect(fake.requests.filter(isSuggestRequest)).toHaveLength(1);
    const rows = await listed(client, playId);
    expect(rows.at(-1)).toMatchObject({ type: 'FixedOptions', dialogue_id: res.body.data!.dialogue.dialogue_id });

    // Tapping one sends it.
    const chosen = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: SUGGESTIONS[1], option_contents: [SUGGESTIONS[1]] });
    expect(chosen.body.status_code).toBe(0);
    expect(chosen.body.data!.input_dialogue.content).toBe(SUGGESTIONS[1]);
    await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${chosen.body.data!.reply_dialogue_ids[0]}`);
    expect(fake.streamed.at(-1)!.messages.at(-1)).toMatchObject({ role: 'user', content: SUGGESTIONS[1] });
  });

  it('a model answer with no usable suggestion is 1030004 and stores nothing; another player’s play is 1050001', async () => {
    suggestAnswer = 'I cannot think of anything.';
    const { client, playId } = await played(api, storyId);
    const before = await listed(client, playId);
    const res = await client.post('/api/tyler/message/suggest', { play_id: playId });
    expect(res.body.status_code).toBe(ErrorCode.ModelFormatError);
    expect(await listed(client, playId)).toEqual(before);
    const stranger = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await stranger.post('/api/tyler/message/suggest', { play_id: playId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await client.post('/api/tyler/message/suggest', { play_id: 'x' })).body).toMatchObject({
      status_code: ErrorCode.ClientParamError,
      status_message: expect.stringContaining('play_id'),
    });
  });
});

describe('suggested replies offline', () => {
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20' } });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 30_000);
  afterAll(async () => {
    await api.stop();
  });

  it('come from the chapter’s objective and the last reply', async () => {
    const { client, playId } = await played(api, storyId);
    const res = await client.post<Suggested>('/api/tyler/message/suggest', { play_id: playId });
    expect(res.body.status_code).toBe(0);
    const { options } = res.body.data!;
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.length).toBeLessThanOrEqual(3);
    for (const o of options) expect(o.length).toBeLessThanOrEqual(SUGGESTION_MAX_CHARS);
    // The first chapter's objective is "Find the keeper."
    expect(options[0]).toBe('I want to find the keeper.');
    const rows = await listed(client, playId);
    const lastReply = rows.filter((d) => d.type === 'NpcDialogue' || d.type === 'Narration').at(-1)!.content.toLowerCase();
    const topic = /^Tell me more about the (\p{L}+)\.$/u.exec(options[1]!)?.[1];
    expect(topic && lastReply.includes(topic)).toBeTruthy();
  });
});
