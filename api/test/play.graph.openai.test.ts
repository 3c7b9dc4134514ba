import { DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, dialoguesOf, nextPhone, publishStory, type Started } from './support/playStories';
import { graphInfoOf, graphStoryPayload, graphTurn } from './support/graphStory';

/*
 * A branching story with a model (the loopback fake): the director's rules, typed choices and named outcomes are
 * judged through structured output (JSON checked by a schema); an answer that fails the schema names nothing.
 */

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

const conversationOf = (req: FakeRequest) => req.messages.map((m) => m.content).join('\n');
const choiceJudgement = (req: FakeRequest) => (req.messages[0]?.content ?? '').includes('{"ids"');
const playerText = (req: FakeRequest) => /Player's text: (.*)$/s.exec(req.messages[1]?.content ?? '')?.[1] ?? '';

function handler(req: FakeRequest): FakeBehaviour {
  if (req.stream) return { kind: 'stream', tokens: ['[Calm] ', 'The ', 'wind ', 'answers.'], delayMs: 1 };
  if (choiceJudgement(req)) {
    const ask = req.messages[1]!.content;
    const said = playerText(req);
    if (ask.startsWith('Which of these happened')) return { kind: 'json', content: JSON.stringify({ ids: /promise/.test(said) ? ['r1'] : [], reason: 'rule' }) };
    if (ask.startsWith('Which of these outcomes')) return { kind: 'json', content: JSON.stringify({ ids: ['fled'], reason: 'the player left' }) };
    // A typed choice: "tower" means o3; "mumble" gets an answer that fails the schema.
    if (/mumble/.test(said)) return { kind: 'json', content: '{"ids": "o3", "reason": 7}' };
    return { kind: 'json', content: JSON.stringify({ ids: /tower/.test(said) ? ['o3'] : [], reason: 'choice' }) };
  }
  const talk = conversationOf(req).split('Conversation:')[1] ?? '';
  const met = /Objective: Find the keeper/.test(conversationOf(req)) ? /keeper/i.test(talk) : /night/i.test(talk);
  return directorAnswer(req, met);
}

beforeAll(async () => {
  fake = await FakeOpenAI.start(handler);
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv, LLM_RETRIES: '0' } });
  ({ storyId } = await publishStory(api.baseUrl, graphStoryPayload()));
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

describe('play follows the graph (with a model)', () => {
  let player: CookieClient;
  let playId: string;

  beforeAll(async () => {
    player = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    playId = started.body.data!.play_info.play_id;
  });

  it("the director's rule is judged by structured output; the met objective leads to the choice", async () => {
    await graphTurn(player, playId, { message: 'I keep my promise and go to find the keeper.' });
    const info = await graphInfoOf(player, playId);
    expect(info.node_id).toBe('c1');
    expect(info.graph.variables).toEqual([{ name: 'trust', label: 'Trust', kind: 'Integer', value: 1 }]);
    const asked = fake.requests.find((r) => choiceJudgement(r) && r.messages[1]!.content.startsWith('Which of these happened'))!;
    expect(asked.messages[1]!.content).toContain('- r1: the player keeps the promise');
  });

  it('a judgement that fails the schema chooses nothing: 1009, nothing written', async () => {
    const before = await dialoguesOf(player, playId);
    const res = await player.post('/api/tyler/message/send', { play_id: playId, message: 'I mumble something' });
    expect(res.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'message' }] } });
    expect(await dialoguesOf(player, playId)).toEqual(before);
  });

  it('typed text is judged against the options on offer only, and the chosen way is followed', async () => {
    const sent = await graphTurn(player, playId, { message: 'I go up the tower' });
    expect(sent.input_dialogue).toMatchObject({ option_id: 'o3' });
    const asked = [...fake.requests].reverse().find((r) => choiceJudgement(r) && r.messages[1]!.content.startsWith('Which option'))!;
    expect(asked.messages[1]!.content).toContain('- o1: Knock on the door');
    expect(asked.messages[1]!.content).toContain('- o3: Climb the tower');
    // The guarded option (has_key is false) is not offered, so not asked about.
    expect(asked.messages[1]!.content).not.toContain('o2');
    expect((await graphInfoOf(player, playId)).node_id).toBe('n2');
  });

  it('a judge on named outcomes routes by the model\'s structured answer to the Fail ending', async () => {
    await graphTurn(player, playId, { message: 'I wait for the night to pass.' });
    const info = await graphInfoOf(player, playId);
    expect(info.ending).toEqual({ type: DialogueType.BadEnding, content: 'You are sent away.' });
    const rows = await dialoguesOf(player, playId);
    expect(rows[rows.length - 1]).toMatchObject({ type: DialogueType.BadEnding, content: 'You are sent away.' });
  });
});
