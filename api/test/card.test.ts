import { ErrorCode, StoryStatus } from 'shared-kit';
import { readCardFile } from '../src/modules/card/card.read';
import { cardToBot } from '../src/modules/card/card.map';
import { readZip } from '../src/modules/card/card.zip';
import { ADULT, save, waitForStory } from './editor.support';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { V1_CARD, V2_CARD, V3_CARD, b64json, makeZip, pngWithText, portraitPng } from './support/cardFixtures';

interface Issue {
  path: string;
  type: number;
  message: string;
}
interface Imported {
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

let api: TestApi;
let alice: CookieClient;
let bob: CookieClient;
const visitor = (): CookieClient => new CookieClient(api.baseUrl);

beforeAll(async () => {
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50' } });
  alice = await signInByPhone(api.baseUrl, '+12025550931', ADULT);
  bob = await signInByPhone(api.baseUrl, '+12025550932', ADULT);
}, 30_000);
afterAll(async () => {
  await api?.stop();
});

function form(file: Buffer, filename = 'card.png', type = 'image/png'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  return fd;
}

function importCard(client: CookieClient, file: Buffer, filename?: string) {
  return client.call<Imported>('/api/editor/card/import', { method: 'POST', body: form(file, filename) });
}

async function download(client: CookieClient, query: string): Promise<{ status: number; type: string; disposition: string; data: Buffer; text: string }> {
  const headers = new Headers();
  if (client.cookies.size > 0) headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(`${api.baseUrl}/api/editor/card/export?${query}`, { headers });
  const data = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', data, text: data.toString('utf8') };
}

const storyCount = (): Promise<number> => api.db.connection.db!.collection('stories').countDocuments();

/** The bot as the editor saves it: the imported content, with the save request's bookkeeping. */
async function saveBot(client: CookieClient, bot: Imported['bot'], publish = false): Promise<string> {
  const res = await save(client, { ...bot, publish_type: publish ? 'Publish' : 'Draft' });
  expect(res.body.status_code).toBe(0);
  return res.body.data!.story_id;
}

describe('POST /api/editor/card/import', () => {
  it('maps a V3 PNG card to a bot with its picture and lorebook, saving no story', async () => {
    const before = await storyCount();
    const png = pngWithText(await portraitPng(), [['chara', b64json(V2_CARD)], ['ccv3', b64json(V3_CARD)]]);
    const res = await importCard(alice, png);
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(0);
    const d = res.body.data!;
    expect(d).toMatchObject({ format: 'png', spec: 'chara_card_v3', errors: [] });
    expect(d.notes).toContain('system_prompt is not used by this product and was not imported');
    expect(d.bot.characters[0]).toMatchObject({ character_name: 'Aria', settings: 'Aria is an archivist of runes.', tags: ['poet', 'history'] });
    expect(d.bot.prologue.content).toBe('Welcome to the archive, @{player}.');
    expect(d.bot.lorebook?.entries).toHaveLength(100);
    expect(d.picture).toMatchObject({ width: 400, height: 600 });
    expect(d.bot.characters[0]!.character_url).toBe(d.picture!.url);
    const pic = await fetch(api.baseUrl + d.picture!.url);
    expect(pic.status).toBe(200);
    expect(await storyCount()).toBe(before);
  });

  it('maps V1 and V2 JSON and a CHARX', async () => {
    const v1 = await importCard(alice, Buffer.from(JSON.stringify(V1_CARD)), 'tom.json');
    expect(v1.body.data).toMatchObject({ format: 'json', spec: 'chara_card_v1', picture: null });
    const v2 = await importCard(alice, Buffer.from(JSON.stringify(V2_CARD)), 'li.json');
    expect(v2.body.data?.bot.characters[0]).toMatchObject({ character_name: '李白' });
    const icon = await portraitPng(300, 300);
    const card = { ...V3_CARD, data: { ...V3_CARD.data, assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] } };
    const charx = await importCard(alice, makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(card)) }, { name: 'assets/icon/images/main.png', data: icon, store: true }]), 'a.charx');
    expect(charx.body.data).toMatchObject({ format: 'charx', picture: { width: 300, height: 300 } });
  });

  it('reports over-limit fields and a refused picture inline, keeping every text whole', async () => {
    const long = 'y'.repeat(2100);
    const tiny = pngWithText(await portraitPng(100, 100), [['chara', b64json({ ...V2_CARD, data: { ...V2_CARD.data, description: long, personality: '' } })]]);
    const res = await importCard(alice, tiny);
    expect(res.body.status_code).toBe(0);
    const d = res.body.data!;
    expect((d.bot.characters[0]!.settings as string).length).toBe(2100);
    expect(d.errors).toContainEqual({ path: 'characters.0.settings', type: 2, message: 'At most 2000 characters', code: 'atMost', values: { max: 2000 } });
    expect(d.errors).toContainEqual(expect.objectContaining({ path: 'characters.0.character_url', type: 4, message: expect.stringMatching(/resolution/) }));
    expect(d.picture).toBeNull();
  });

  it('refuses bad files with a clear message and no 500, storing nothing', async () => {
    const before = await storyCount();
    const media = await api.db.connection.db!.collection('media.files').countDocuments();
    const cases: Array<[Buffer, RegExp]> = [
      [pngWithText(await portraitPng(), [['Comment', 'x']]), /no character card/],
      [Buffer.from('{"spec":"chara_card_v2","data":{"name":3}}'), /data\.name must be a string/],
      [Buffer.from('not a card'), /not a character card/],
      [makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(V3_CARD)) }, { name: '../../escape.png', data: Buffer.from('x') }]), /escapes its folder/],
      [makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(V3_CARD)) }, { name: 'big.bin', data: Buffer.alloc(33 * 1024 * 1024), claimedSize: 5 }]), /unpacks to more than 32 MB/],
      [(await portraitPng()).subarray(0, 200), /cut short/],
    ];
    for (const [file, message] of cases) {
      const res = await importCard(alice, file);
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(message);
    }
    const big = await importCard(alice, Buffer.alloc(8 * 1024 * 1024 + 10, 0x7b));
    expect(big.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(big.body.status_message).toBe('file: The largest card file accepted is 8 MB');
    const noFile = await alice.call('/api/editor/card/import', { method: 'POST', body: new FormData() });
    expect(noFile.body.status_code).toBe(ErrorCode.ClientParamError);
    const json = await alice.post('/api/editor/card/import', V1_CARD);
    expect(json.body.status_message).toMatch(/multipart\/form-data/);
    expect(await storyCount()).toBe(before);
    expect(await api.db.connection.db!.collection('media.files').countDocuments()).toBe(media);
  });

  it('needs a signed-in user', async () => {
    const res = await importCard(visitor(), Buffer.from(JSON.stringify(V1_CARD)));
    expect(res.body.status_code).toBe(ErrorCode.NeedLogin);
  });
});

describe('GET /api/editor/card/export', () => {
  let botId: string;
  let imported: Imported;

  beforeAll(async () => {
    const png = pngWithText(await portraitPng(), [['ccv3', b64json(V3_CARD)]]);
    imported = (await importCard(alice, png)).body.data!;
    imported.bot.characters[0]!.dubbing_show = { dubbing: 'en_female_calm', language: 'en' };
    imported.bot.voice_over_dubbing = { dubbing: 'en_female_calm', language: 'en' };
    botId = await saveBot(alice, imported.bot);
  });

  /** Every field of the bot, the picture compared by its pixels' size since a new import stores a new copy. */
  async function expectSameBot(again: Imported): Promise<void> {
    const a = structuredClone(imported.bot);
    const b = structuredClone(again.bot);
    expect(b.characters[0]!.character_url).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
    expect(b.logo).toBe(b.characters[0]!.character_url);
    for (const x of [a, b]) {
      x.characters[0]!.character_url = '';
      x.logo = '';
    }
    expect(b).toEqual(a);
    expect(again.picture).toMatchObject({ width: imported.picture!.width, height: imported.picture!.height });
  }

  it('exports the owner\'s bot as a V3 PNG with a V2 copy, which imports back as the same bot', async () => {
    const file = await download(alice, `story_id=${botId}&format=png`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(file.disposition).toMatch(/attachment; filename="Aria.png"/);
    const read = readCardFile(file.data);
    expect(read.card.spec).toBe('chara_card_v3');
    const { textChunks, readPngChunks } = await import('../src/modules/card/card.png');
    const v2 = JSON.parse(Buffer.from(textChunks(readPngChunks(file.data)).get('chara')!, 'base64').toString('utf8'));
    expect(v2.spec).toBe('chara_card_v2');
    expect(cardToBot({ spec: 'chara_card_v2', data: readCardFile(Buffer.from(JSON.stringify(v2))).card.data }).bot.characters[0]!.character_name).toBe('Aria');
    await expectSameBot((await importCard(alice, file.data)).body.data!);
  });

  it('exports JSON and CHARX, each importing back as the same bot', async () => {
    const json = await download(alice, `story_id=${botId}&format=json`);
    expect(json.type).toMatch(/application\/json/);
    const again = (await importCard(alice, json.data, 'a.json')).body.data!;
    expect(again.picture).toBeNull();
    again.bot.characters[0]!.character_url = imported.bot.characters[0]!.character_url;
    again.bot.logo = imported.bot.logo;
    await expectSameBot({ ...again, picture: imported.picture });
    const charx = await download(alice, `story_id=${botId}&format=charx`);
    expect(charx.type).toMatch(/application\/zip/);
    expect([...readZip(charx.data, () => true).keys()].sort()).toEqual(['assets/icon/images/main.png', 'card.json']);
    await expectSameBot((await importCard(alice, charx.data, 'a.charx')).body.data!);
  });

  it('exports a story as CHARX with its characters, and one character of it', async () => {
    const story = await save(alice, {
      story_name: 'Two',
      characters: [
        { character_id: 'k1', character_name: 'Kai', settings: 'Friend of @{character_k2}.', style: '' },
        { character_id: 'k2', character_name: 'Lin', settings: 'Talks to @{player}.', style: '' },
      ],
      prologue: { character_id: 'k1', content: 'Hi @{player}' },
      nodes: [{ node_id: 'n1', name: 'One', content: 'Start', ending_content: 'End' }],
      lorebook: { entries: [{ entry_id: 'w1', keys: ['moon'], content: 'The moon is red.' }] },
      publish_type: 'Draft',
    });
    expect(story.body.status_code).toBe(0);
    const id = story.body.data!.story_id;
    const whole = await download(alice, `story_id=${id}&format=charx`);
    const files = readZip(whole.data, () => true);
    expect([...files.keys()].sort()).toEqual(['card.json', 'characters/k1.json', 'characters/k2.json']);
    const main = JSON.parse(files.get('card.json')!.toString('utf8'));
    expect(main.data).toMatchObject({ name: 'Two', first_mes: 'Hi {{user}}', character_book: { entries: [{ keys: ['moon'], content: 'The moon is red.' }] } });
    expect(JSON.parse(files.get('characters/k1.json')!.toString('utf8')).data.description).toBe('Friend of Lin.');
    const one = await download(alice, `story_id=${id}&character_id=k2&format=json`);
    expect(JSON.parse(one.text).data).toMatchObject({ name: 'Lin', description: 'Talks to {{user}}.', first_mes: '' });
    const needsCharacter = await download(alice, `story_id=${id}&format=png`);
    expect(JSON.parse(needsCharacter.text).status_message).toMatch(/^character_id:/);
    const unknown = await download(alice, `story_id=${id}&character_id=zz&format=png`);
    expect(JSON.parse(unknown.text).status_message).toMatch(/no such character/);
  });

  it('lets others export only a published story whose creator allows character use', async () => {
    const draftOther = await download(bob, `story_id=${botId}&format=json`);
    expect(JSON.parse(draftOther.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);
    const draftVisitor = await download(visitor(), `story_id=${botId}&format=json`);
    expect(JSON.parse(draftVisitor.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);

    const pub = await saveBot(alice, { ...imported.bot, characters: [{ ...imported.bot.characters[0]!, character_id: 'pub1' }], prologue: { character_id: 'pub1', content: 'Hi.' } }, true);
    await waitForStory<{ story_info: { status: number } }>(alice, pub, (d) => d.story_info.status === StoryStatus.Passed);
    for (const who of [bob, visitor()]) {
      const ok = await download(who, `story_id=${pub}&format=png`);
      expect(ok.status).toBe(200);
      expect(readCardFile(ok.data).card.data.name).toBe('Aria');
    }
    const off = await alice.post('/api/editor/permission/update', { story_id: pub, permission: { character_use: false, thread_share: true } });
    expect(off.body.status_code).toBe(0);
    for (const who of [bob, visitor()]) {
      const refused = await download(who, `story_id=${pub}&format=png`);
      expect(JSON.parse(refused.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);
    }
    expect((await download(alice, `story_id=${pub}&format=png`)).status).toBe(200);
  });

  it('answers bad queries and missing stories with their codes', async () => {
    expect(JSON.parse((await download(alice, `story_id=${botId}&format=gif`)).text).status_message).toMatch(/^format:/);
    expect(JSON.parse((await download(alice, 'story_id=99999999&format=png')).text).status_code).toBe(ErrorCode.NoStory);
  });
});

describe('lorebook import and export (lorebook_v3)', () => {
  it('exports a bot\'s lorebook and imports it back', async () => {
    const bot = (await importCard(alice, Buffer.from(JSON.stringify(V3_CARD)))).body.data!.bot;
    const id = await saveBot(alice, bot);
    const res = await fetch(`${api.baseUrl}/api/editor/lorebook/export?story_id=${id}`, {
      headers: { cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const file = Buffer.from(await res.arrayBuffer());
    const parsed = JSON.parse(file.toString('utf8'));
    expect(parsed.spec).toBe('lorebook_v3');
    expect(parsed.data.entries).toHaveLength(100);
    const back = await alice.call<{ lorebook: unknown }>('/api/editor/lorebook/import', { method: 'POST', body: form(file, 'book.json', 'application/json') });
    expect(back.body.data?.lorebook).toEqual(bot.lorebook);
    const wrong = await alice.call('/api/editor/lorebook/import', { method: 'POST', body: form(Buffer.from('{"spec":"nope"}'), 'x.json') });
    expect(wrong.body.status_message).toMatch(/lorebook_v3/);
  });
});
