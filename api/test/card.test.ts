import { ErrorCode, StoryStatus } from 'shared-kit';
import sharp from 'sharp';
import { readCardFile } from '../src/modules/card/card.read';
import { cardToBot } from '../src/modules/card/card.map';
import { readZip } from '../src/modules/card/card.zip';
import { ADULT, save, waitForStory } from './editor.support';
import { Story } from '../src/modules/editor/story.model';
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
    // Kept from others by an operator (hidden: 3001; taken down: 2001): only its creator exports it.
    for (const [op_status, code] of [['SelfWatch', ErrorCode.UserStoryInfoPermission], ['BreakUp', ErrorCode.StoryDeleted]] as const) {
      await Story.updateOne({ story_id: pub }, { $set: { op_status } });
      for (const who of [bob, visitor()]) expect(JSON.parse((await download(who, `story_id=${pub}&format=png`)).text).status_code).toBe(code);
      expect((await download(alice, `story_id=${pub}&format=png`)).status).toBe(200);
    }
    await Story.updateOne({ story_id: pub }, { $unset: { op_status: 1 } });
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

describe('a whole story as CHARX, imported back in the story editor', () => {
  interface StoryGot {
    story_info: { story_name: string; introduction: string; story_gen_type: string; voice_over_dubbing: Record<string, unknown>; story_setting_visible: boolean };
    summary: string;
    logo: string;
    player: Record<string, unknown>;
    prologue: Record<string, unknown>;
    characters: Array<Record<string, unknown> & { character_id: string; character_url: string }>;
    lorebook?: Record<string, unknown>;
    nodes: unknown[];
  }

  async function uploadPicture(client: CookieClient, use: string, png: Buffer): Promise<string> {
    const fd = new FormData();
    fd.append('use', use);
    fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const res = await client.call<{ url: string }>('/api/editor/upload', { method: 'POST', body: fd });
    expect(res.body.status_code).toBe(0);
    return res.body.data!.url;
  }

  const get = async (id: string): Promise<StoryGot> => (await alice.call<StoryGot>(`/api/editor/story/get?story_id=${id}`)).body.data!;
  const pixels = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(api.baseUrl + url)).arrayBuffer());

  /** The fields a whole-story CHARX carries (everything but the chapters), the pictures compared apart. */
  function carried(s: StoryGot) {
    const { story_name, introduction, story_gen_type, voice_over_dubbing, story_setting_visible } = s.story_info;
    return {
      story_name,
      introduction,
      summary: s.summary,
      story_gen_type,
      player: s.player,
      prologue: s.prologue,
      characters: s.characters.map((c) => ({ ...c, character_url: '' })),
      lorebook: s.lorebook,
      voice_over_dubbing,
      story_setting_visible,
    };
  }

  let original: StoryGot;
  let charx: Buffer;

  beforeAll(async () => {
    const pictures = [await uploadPicture(alice, 'character', await portraitPng(400, 600, 11)), await uploadPicture(alice, 'character', await portraitPng(300, 400, 12)), await uploadPicture(alice, 'character', await portraitPng(512, 512, 13))];
    const cover = await uploadPicture(alice, 'cover', await portraitPng(600, 400, 14));
    const character = (id: string, name: string, i: number, more: Record<string, unknown>) => ({
      character_id: id,
      character_name: name,
      character_url: pictures[i],
      dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
      type: 'NPC',
      ...more,
    });
    const saved = await save(alice, {
      story_name: 'Harbour of Three',
      introduction: 'Three friends: @{character_h1}, @{character_h2} and @{character_h3}.',
      summary: 'How @{character_h3} kept the lamp lit for @{player}.',
      story_setting_visible: true,
      logo: cover,
      voice_over_dubbing: { dubbing: 'en_male_deep', language: 'en' },
      player: { character_name: 'Sam', settings: 'A sailor who owes @{character_h2} a favour.' },
      characters: [
        character('h1', 'Kai', 0, { settings: 'Friend of @{character_h2}; wary of @{player}.', style: '@{character_h1}: Ahoy.', alternate_greetings: ['@{character_h3} sent me, @{player}.'], tags: ['sailor'], creator_notes: 'Loud.' }),
        character('h2', 'Lin 林', 1, { settings: 'Keeps the harbour. 🌊', style: 'Short and dry.', alternate_greetings: [], tags: ['harbour', 'keeper'], creator_notes: '' }),
        character('h3', 'Mo', 2, { settings: 'The lamp keeper, sister of @{character_h1}.', style: '', alternate_greetings: ['Light, @{player}?', 'Dark again.'], tags: [], creator_notes: 'Quiet.' }),
      ],
      prologue: { character_id: 'h2', content: 'Welcome, @{player}. @{character_h1} is late.' },
      nodes: [{ node_id: 'n1', name: 'One', content: 'Start', ending_content: 'End' }],
      lorebook: {
        name: 'Harbour',
        scan_depth: 3,
        token_budget: 300,
        recursive_scanning: true,
        entries: [
          { entry_id: 'w1', name: 'lamp', keys: ['lamp'], secondary_keys: ['night'], selective: true, selective_logic: 'not_any', content: '@{character_h3} lights the lamp at dusk.', priority: 40, insertion_order: 2 },
          { entry_id: 'w2', keys: ['/tides?/i'], use_regex: true, content: 'The tide turns at noon for @{character_h2}.', position: 'at_depth', depth: 2, case_sensitive: true },
          { entry_id: 'w3', keys: [], constant: true, content: 'Gulls everywhere.', position: 'after_char', enabled: false },
        ],
      },
      publish_type: 'Draft',
    });
    expect(saved.body.status_code).toBe(0);
    const id = saved.body.data!.story_id;
    original = await get(id);
    const file = await download(alice, `story_id=${id}&format=charx`);
    expect(file.status).toBe(200);
    charx = file.data;
  }, 60_000);

  it('brings back every character with its picture, the lorebook and the story fields, saving nothing until saved', async () => {
    const before = await storyCount();
    const res = await importCard(alice, charx, 'harbour.charx');
    expect(res.body.status_code).toBe(0);
    const d = res.body.data! as Imported & { kind: string };
    expect(d).toMatchObject({ format: 'charx', kind: 'story', errors: [] });
    expect(await storyCount()).toBe(before);
    expect(d.bot.characters.map((c) => c.character_name)).toEqual(['Kai', 'Lin 林', 'Mo']);
    expect(d.picture).toMatchObject({ width: 600, height: 400 });

    // The editor puts it into a new story (which has its own first chapter) and saves it as usual.
    const saved = await save(alice, { ...d.bot, nodes: [{ node_id: 'n9', name: 'New', content: 'Begin', ending_content: 'Finish' }], publish_type: 'Draft' });
    expect(saved.body.status_code).toBe(0);
    const again = await get(saved.body.data!.story_id);
    expect(carried(original)).toMatchObject({
      story_name: 'Harbour of Three',
      introduction: 'Three friends: @{character_h1}, @{character_h2} and @{character_h3}.',
      story_setting_visible: true,
      voice_over_dubbing: { dubbing: 'en_male_deep' },
      player: { character_name: 'Sam' },
      characters: [{ settings: 'Friend of @{character_h2}; wary of @{player}.' }, {}, {}],
      lorebook: { entries: [{ entry_id: 'w1' }, { entry_id: 'w2', position: 'at_depth', depth: 2 }, { entry_id: 'w3' }] },
    });
    expect(carried(again)).toEqual(carried(original));
    expect(again.logo).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
    expect(again.logo).not.toBe(original.logo);
    expect((await sharp(await pixels(again.logo)).metadata()).width).toBe(600);
    for (const [i, c] of again.characters.entries()) {
      expect(c.character_url).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
      const [a, b] = [await sharp(await pixels(original.characters[i]!.character_url)).metadata(), await sharp(await pixels(c.character_url)).metadata()];
      expect([b.width, b.height]).toEqual([a.width, a.height]);
    }
  });

  it('shows a character over the limits as inline errors, and a text edited in another tool as the card says it', async () => {
    const files = readZip(charx, () => true);
    const mo = JSON.parse(files.get('characters/h3.json')!.toString('utf8'));
    mo.data.description = 'z'.repeat(2100);
    const kai = JSON.parse(files.get('characters/h1.json')!.toString('utf8'));
    kai.data.description = 'Friend of Lin, edited elsewhere, wary of {{user}}.';
    files.set('characters/h3.json', Buffer.from(JSON.stringify(mo)));
    files.set('characters/h1.json', Buffer.from(JSON.stringify(kai)));
    const res = await importCard(alice, makeZip([...files].map(([name, data]) => ({ name, data }))), 'edited.charx');
    expect(res.body.status_code).toBe(0);
    const d = res.body.data!;
    expect(d.errors).toEqual([{ path: 'characters.2.settings', type: 2, message: 'At most 2000 characters', code: 'atMost', values: { max: 2000 } }]);
    expect((d.bot.characters[2]!.settings as string).length).toBe(2100);
    expect(d.bot.characters[0]!.settings).toBe('Friend of Lin, edited elsewhere, wary of @{player}.');
    expect(d.bot.characters[0]!.style).toBe('@{character_h1}: Ahoy.');
  });

  it('refuses a story CHARX missing a character or a picture it names, or holding a path escaping its folder', async () => {
    const files = readZip(charx, () => true);
    const without = (name: string) => makeZip([...files].filter(([n]) => n !== name).map(([n, data]) => ({ name: n, data })));
    const cases: Array<[Buffer, RegExp]> = [
      [without('characters/h2.json'), /lists the character "h2" but "characters\/h2.json" is not in the archive/],
      [without('assets/x_character/images/h3.png'), /picture of characters\/h3.json "assets\/x_character\/images\/h3.png" is not in the archive/],
      [makeZip([...[...files].map(([name, data]) => ({ name, data })), { name: 'characters/../../x.json', data: Buffer.from('{}') }]), /escapes its folder/],
      [makeZip([...[...files].map(([name, data]) => ({ name, data })), { name: 'assets/big.bin', data: Buffer.alloc(33 * 1024 * 1024), claimedSize: 5 }]), /unpacks to more than 32 MB/],
    ];
    const media = await api.db.connection.db!.collection('media.files').countDocuments();
    for (const [file, message] of cases) {
      const res = await importCard(alice, file, 'bad.charx');
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(message);
    }
    expect(await api.db.connection.db!.collection('media.files').countDocuments()).toBe(media);
  });
});
