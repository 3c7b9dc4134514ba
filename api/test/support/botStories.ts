import { ADULT, save, waitForStory } from '../editor.support';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from '../helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from './fakeOpenAI';
import { nextPhone } from './playStories';

/** A bot as the bot editor sends it: one character, its opening line, picture, voice; no chapters. */
export function botPayload(overrides: { character?: Record<string, unknown>; opening?: string } = {}) {
  const character = {
    character_id: 'b1',
    character_name: 'Mira',
    settings: 'A lighthouse keeper who loves a chat.',
    style: 'Warm and brief.',
    character_url: '/api/media/0123456789abcdef01234567',
    dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    type: 'NPC',
    ...overrides.character,
  };
  return {
    story_gen_type: 'SingleBot',
    story_name: String(character.character_name),
    logo: character.character_url,
    characters: [character],
    prologue: { character_id: 'b1', content: overrides.opening ?? 'Hello, traveller. Tea?' },
    nodes: [],
  };
}

export interface BotApi {
  /** A model that answers every turn "Tea is ready." and lets the play go on. */
  fake: FakeOpenAI;
  api: TestApi;
  creator: CookieClient;
  /** Mira, a published bot: one character, no chapters. */
  botId: string;
}

/** Starts the fake model and the api, and publishes the bot Mira with her other opening lines and lorebook. */
export async function startBotApi(bot: {
  greetings: string[];
  lorebook: { entries: Array<Record<string, unknown>> };
}): Promise<BotApi> {
  const fake = await FakeOpenAI.start((req: FakeRequest) =>
    req.stream
      ? { kind: 'stream', tokens: ['[Gentle] ', 'Tea is ready.'], delayMs: 1 }
      : directorAnswer(req, true),
  );
  const api = await startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv },
  });
  const creator = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const res = await save(creator, {
    ...botPayload({ character: { alternate_greetings: bot.greetings } }),
    lorebook: bot.lorebook,
    publish_type: 'Publish',
  });
  expect(res.body.status_code).toBe(0);
  const botId = res.body.data!.story_id;
  await waitForStory<{ story_info: { status: number } }>(creator, botId, (d) => d.story_info.status !== 1);
  return { fake, api, creator, botId };
}
