import { ErrorCode } from 'shared-kit';
import sharp from 'sharp';
import { readZip } from '../src/modules/card/card.zip';
import { save } from './editor.support';
import type { CookieClient } from './helpers';
import { makeZip, portraitPng } from './support/cardFixtures';
import { download, importCard, storyCount, useCardApi, type Imported } from './support/cardRequests';

describe('a whole story as CHARX, imported back in the story editor', () => {
  const ctx = useCardApi();

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

  const get = async (id: string): Promise<StoryGot> => (await ctx.alice.call<StoryGot>(`/api/editor/story/get?story_id=${id}`)).body.data!;
  const pixels = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(ctx.api.baseUrl + url)).arrayBuffer());

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
    const pictures = [await uploadPicture(ctx.alice, 'character', await portraitPng(400, 600, 11)), await uploadPicture(ctx.alice, 'character', await portraitPng(300, 400, 12)), await uploadPicture(ctx.alice, 'character', await portraitPng(512, 512, 13))];
    const cover = await uploadPicture(ctx.alice, 'cover', await portraitPng(600, 400, 14));
    const character = (id: string, name: string, i: number, more: Record<string, unknown>) => ({
      character_id: id,
      character_name: name,
      character_url: pictures[i],
      dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
      type: 'NPC',
      ...more,
    });
    const saved = await save(ctx.alice, {
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
    const file = await download(ctx.alice, `story_id=${id}&format=charx`);
    expect(file.status).toBe(200);
    charx = file.data;
  }, 60_000);

  it('brings back every character with its picture, the lorebook and the story fields, saving nothing until saved', async () => {
    const before = await storyCount(ctx.api);
    const res = await importCard(ctx.alice, charx, 'harbour.charx');
    expect(res.body.status_code).toBe(0);
    const d = res.body.data! as Imported & { kind: string };
    expect(d).toMatchObject({ format: 'charx', kind: 'story', errors: [] });
    expect(await storyCount(ctx.api)).toBe(before);
    expect(d.bot.characters.map((c) => c.character_name)).toEqual(['Kai', 'Lin 林', 'Mo']);
    expect(d.picture).toMatchObject({ width: 600, height: 400 });

    // The editor puts it into a new story (which has its own first chapter) and saves it as usual.
    const saved = await save(ctx.alice, { ...d.bot, nodes: [{ node_id: 'n9', name: 'New', content: 'Begin', ending_content: 'Finish' }], publish_type: 'Draft' });
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
    const res = await importCard(ctx.alice, makeZip([...files].map(([name, data]) => ({ name, data }))), 'edited.charx');
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
    const media = await ctx.api.db.connection.db!.collection('media.files').countDocuments();
    for (const [file, message] of cases) {
      const res = await importCard(ctx.alice, file, 'bad.charx');
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(message);
    }
    expect(await ctx.api.db.connection.db!.collection('media.files').countDocuments()).toBe(media);
  });
});
