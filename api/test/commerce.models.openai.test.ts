import { ErrorCode, type ModelOptions } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, playTurn, publishStory, type Started } from './support/playStories';

/*
 * Members' model choice: `editor/default_model_options` and `update_default_model` over HTTP, and the chosen
 * model's name in the request the play's send and regenerate make to an OpenAI-compatible server (a loopback fake).
 */
const MODELS = [
  { id: 'fake-small', name: 'Small' },
  { id: 'fake-large', name: 'Large', members_only: true },
];

function answer(req: FakeRequest): FakeBehaviour {
  if (!req.stream) return directorAnswer(req, false);
  return { kind: 'stream', tokens: ['The ', 'lamp ', 'flickers.'], delayMs: 1 };
}

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;
let admin: CookieClient;

beforeAll(async () => {
  fake = await FakeOpenAI.start(answer);
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv, CHAT_MODELS: JSON.stringify(MODELS) } });
  await seedAccounts(api.logger);
  ({ storyId } = await publishStory(api.baseUrl));
  admin = await signInByPhone(api.baseUrl, '+12025550100');
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

async function player() {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  const playId = (await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
  return { client, uid, playId };
}

const options = async (client: CookieClient) => (await client.call<ModelOptions>('/api/editor/default_model_options')).body.data!;
const choose = (client: CookieClient, model: string) => client.post<ModelOptions>('/api/editor/update_default_model', { model });

/** The model named by the streamed requests `turn` made. */
async function modelsOf(turn: () => Promise<unknown>): Promise<string[]> {
  const before = fake.streamed.length;
  await turn();
  return fake.streamed.slice(before).map((r) => r.model);
}

describe('members’ model choice', () => {
  it('lists the models with the default first, refuses a members-only one to a non-member and sends the choice to the model', async () => {
    const { client, playId } = await player();
    expect(await options(client)).toEqual({
      ai_mode: 'model',
      models: [
        { id: 'fake-model', name: 'fake-model', members_only: false, available: true },
        { id: 'fake-small', name: 'Small', members_only: false, available: true },
        { id: 'fake-large', name: 'Large', members_only: true, available: false },
      ],
      default_model: 'fake-model',
      chosen_model: null,
      current_model: 'fake-model',
      is_vip: false,
    });
    expect(await modelsOf(() => playTurn(client, playId, { message: 'Hello there.' }))).toEqual(['fake-model']);

    // A members-only model: the spec's no-access code with the scene, nothing stored.
    const refused = await choose(client, 'fake-large');
    expect(refused.body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { reason: 'members_only', scene: 'model_switch' } });
    // A model not on offer, or a field that is not the model: 1009 naming the field, nothing stored.
    const unknown = await choose(client, 'gpt-unknown');
    expect(unknown.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(unknown.body.status_message).toContain('model');
    expect((await client.post('/api/editor/update_default_model', { model: 'fake-small', extra: 1 })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await client.post('/api/editor/update_default_model', {})).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await options(client)).chosen_model).toBeNull();

    // A model for everyone: chosen, and the next turn asks for it.
    expect((await choose(client, 'fake-small')).body.data).toMatchObject({ chosen_model: 'fake-small', current_model: 'fake-small' });
    expect(await modelsOf(() => playTurn(client, playId, { message: 'Tell me more.' }))).toEqual(['fake-small']);
  }, 60_000);

  it('a member chooses a members-only model for send and regenerate; once the membership lapses the default applies', async () => {
    const { client, uid, playId } = await player();
    expect((await admin.post('/api/commerce/free_vip_distribution', { user: uid, days: 3, reason: 'model choice' })).body.status_code).toBe(0);
    const chosen = (await choose(client, 'fake-large')).body.data!;
    expect(chosen).toMatchObject({ chosen_model: 'fake-large', current_model: 'fake-large', is_vip: true });
    expect(chosen.models.every((m) => m.available)).toBe(true);

    let sent: { reply_dialogue_ids: string[] } | undefined;
    expect(await modelsOf(async () => (sent = await playTurn(client, playId, { message: 'Where is the keeper?' })))).toEqual(['fake-large']);
    expect(await modelsOf(() => playTurn(client, playId, { is_loop: true, dialogue_id: sent!.reply_dialogue_ids[0] }))).toEqual(['fake-large']);

    // The membership ends (its mirror on the account, as the commerce module writes it): the choice stays stored,
    // the turns use the default again.
    await User.updateOne({ uid }, { $set: { vip_until: new Date(Date.now() - 1000) } });
    expect(await options(client)).toMatchObject({ chosen_model: 'fake-large', current_model: 'fake-model', is_vip: false });
    expect(await modelsOf(() => playTurn(client, playId, { message: 'And now?' }))).toEqual(['fake-model']);

    // Back to the default: the stored choice is cleared.
    expect((await choose(client, '')).body.data).toMatchObject({ chosen_model: null, current_model: 'fake-model' });
  }, 60_000);

  it('needs a session', async () => {
    const anonymous = new CookieClient(api.baseUrl);
    expect((await anonymous.call('/api/editor/default_model_options')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await anonymous.post('/api/editor/update_default_model', { model: 'fake-small' })).body.status_code).toBe(ErrorCode.NeedLogin);
  });
});
