import type { StoryCreateInput } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type JsonResponse, type TestApi } from './helpers';

export const ADULT = { confirm: { is_adult: true, agree_terms: true } };

/** The api the editor's tests run against (publish reviews polled often), with one adult creator signed in. */
export async function startEditorApi(): Promise<{ api: TestApi; alice: CookieClient }> {
  const api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50' } });
  return { api, alice: await signInByPhone(api.baseUrl, '+12025550301', ADULT) };
}

/**
 * Starts the editor's api before a file's tests and stops it after them. The fields are set once the tests run:
 * read them inside a test or a hook, never at the file's top level.
 */
export function useEditorApi(): { api: TestApi; alice: CookieClient } {
  const ctx = {} as { api: TestApi; alice: CookieClient };
  beforeAll(async () => {
    Object.assign(ctx, await startEditorApi());
  });
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}

/** A complete story that passes every publish rule; tests change one thing at a time. */
export function storyPayload(overrides: Partial<StoryCreateInput> = {}): StoryCreateInput {
  return {
    story_gen_type: 'UserDefined',
    story_name: 'The Lighthouse',
    introduction: 'A storm, a keeper and a secret.',
    story_setting_visible: false,
    image_generate_style: { code: 'anime' },
    logo: '',
    loading_background: '',
    characters: [
      {
        character_id: 'c1',
        character_name: 'Mira',
        settings: 'The keeper of the lighthouse.',
        style: 'Speaks softly.',
        character_url: '/api/media/0123456789abcdef01234567',
        dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
        type: 'NPC',
      },
      {
        character_id: 'c2',
        character_name: 'Tom',
        settings: 'A sailor.',
        style: '',
        character_url: '/api/media/0123456789abcdef01234568',
        dubbing_show: { dubbing: 'en_male_deep', language: 'en' },
        type: 'NPC',
      },
    ],
    player: { character_name: 'Alex', settings: 'A traveller.' },
    prologue: { character_id: 'c1', content: 'Welcome, traveller.' },
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: 'Arrival',
        content: 'You reach the island and meet @{character_c1}.',
        ending_content: 'Find the keeper.',
        end_visible: true,
        background_url: '',
        bgm_info: { vid: 'bgm_calm_shore', music_style: 'calm' },
        image_generate_style: null,
      },
      {
        node_id: 'n2',
        node_type: 'Simple',
        name: 'Storm',
        content: 'The storm breaks over @{player}.',
        ending_content: 'Survive the night.',
        end_visible: false,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
    summary: 'Two nights on the island.',
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
    ...overrides,
  };
}

export interface SaveData {
  story_id: string;
  version_id: string;
  status: number;
}

export interface IssueData {
  errors: Array<{ path: string; type: number; message: string }>;
}

export function save(client: CookieClient, body: unknown): Promise<JsonResponse<SaveData & IssueData>> {
  return client.post<SaveData & IssueData>('/api/editor/story/create', body);
}

/** Polls `story/get` until `done` holds, within a bounded time. */
export async function waitForStory<T>(
  client: CookieClient,
  storyId: string,
  done: (data: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<T>(`/api/editor/story/get?story_id=${storyId}`);
    if (res.body.status_code === 0 && res.body.data && done(res.body.data)) return res.body.data;
    if (Date.now() > deadline)
      throw new Error(`story ${storyId} did not reach the expected state: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
