import { ADULT, save } from '../editor.support';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from '../helpers';

// Character cards in the api's tests: the api they run against, and their import and export requests.

export interface Issue {
  path: string;
  type: number;
  message: string;
}
export interface Imported {
  format: string;
  spec: string;
  bot: Record<string, unknown> & {
    characters: Array<Record<string, unknown> & { character_id: string; character_url: string }>;
    prologue: { character_id: string; content: string };
    lorebook?: { entries: unknown[] };
    logo: string;
  };
  errors: Issue[];
  notes: string[];
  picture: { url: string; width: number; height: number } | null;
}

export interface CardApi {
  api: TestApi;
  alice: CookieClient;
  bob: CookieClient;
  /** A client with no session. */
  visitor: () => CookieClient;
}

/**
 * Starts the api before a file's card tests, with two adult creators signed in, and stops it after them. The
 * fields are set once the tests run: read them inside a test or a hook, never at the file's top level.
 */
export function useCardApi(): CardApi {
  const ctx = { visitor: () => new CookieClient(ctx.api.baseUrl) } as CardApi;
  beforeAll(async () => {
    ctx.api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50' } });
    ctx.alice = await signInByPhone(ctx.api.baseUrl, '+12025550931', ADULT);
    ctx.bob = await signInByPhone(ctx.api.baseUrl, '+12025550932', ADULT);
  }, 30_000);
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}

export function form(file: Buffer, filename = 'card.png', type = 'image/png'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  return fd;
}


export function importCard(client: CookieClient, file: Buffer, filename?: string) {
  return client.call<Imported>('/api/editor/card/import', { method: 'POST', body: form(file, filename) });
}


export async function download(client: CookieClient, query: string): Promise<{ status: number; type: string; disposition: string; data: Buffer; text: string }> {
  const headers = new Headers();
  if (client.cookies.size > 0) headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(`${client.baseUrl}/api/editor/card/export?${query}`, { headers });
  const data = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', data, text: data.toString('utf8') };
}

/** Stories stored, whoever owns them. */
export const storyCount = (api: TestApi): Promise<number> => api.db.connection.db!.collection('stories').countDocuments();

/** The bot as the editor saves it: the imported content, with the save request's bookkeeping. */
export async function saveBot(client: CookieClient, bot: Imported['bot'], publish = false): Promise<string> {
  const res = await save(client, { ...bot, publish_type: publish ? 'Publish' : 'Draft' });
  expect(res.body.status_code).toBe(0);
  return res.body.data!.story_id;
}
