import { deflateRawSync } from 'node:zlib';
import { ValidationErrorType, validateStory } from 'shared-kit';
import {
  V1_CARD,
  V2_CARD,
  V3_CARD,
  b64json,
  lorebookEntries,
  makeZip,
  pngWithText,
  portraitPng,
} from '../../../test/support/cardFixtures';
import { CARD_LIMITS, CardError } from './card.errors';
import { lorebookFileOf } from './card.format';
import { lorebookFile, lorebookFromCard } from './card.lorebook';
import { cardToBot, characterToCard } from './card.map';
import { readPngChunks, textChunks, withTextChunks } from './card.png';
import { readCardFile } from './card.read';
import { readZip } from './card.zip';

const json = (v: unknown): Buffer => Buffer.from(JSON.stringify(v), 'utf8');

function refusal(fn: () => unknown): { reason: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof CardError) return { reason: e.reason, message: e.message };
    throw e;
  }
  throw new Error('expected a CardError');
}

describe('reading card files', () => {
  it('reads a V1 card: bare fields, macros of both styles become mentions', () => {
    const file = readCardFile(json(V1_CARD));
    expect(file.format).toBe('json');
    expect(file.card.spec).toBe('chara_card_v1');
    const { bot, character } = cardToBot(file.card);
    const id = character.character_id;
    expect(character.character_name).toBe('Old Tom');
    expect(character.settings).toBe('A lighthouse keeper who talks to @{player} about the sea.\n\ngruff, kind');
    expect(character.style).toBe(`<START>\n@{player}: Hello\n@{character_${id}}: Evening.`);
    expect(bot.prologue).toEqual({ character_id: id, content: `*@{character_${id}} looks up.* Who goes there, @{player}?` });
    expect(bot.introduction).toBe('A stormy night at the lighthouse.');
    expect(bot.lorebook).toBeUndefined();
  });

  it('reads a V2 JSON card with unicode, greetings, tags, notes and its lorebook; unused fields are named', () => {
    const { card } = readCardFile(json(V2_CARD));
    expect(card.spec).toBe('chara_card_v2');
    const { bot, character, notes } = cardToBot(card);
    const id = character.character_id;
    expect(character.character_name).toBe('李白');
    expect(character.settings).toBe(`@{character_${id}} is a wandering poet of the Tang court. 🌙\n\nFond of wine and moonlight.`);
    expect(bot.prologue.content).toBe('举杯邀明月，@{player}！');
    expect(character.alternate_greetings).toEqual(['The moon is bright tonight, @{player}.', '又见面了。']);
    expect(character.tags).toEqual(['poet', 'history']);
    expect(character.creator_notes).toBe('Best in Chinese.');
    expect(notes).toEqual(['system_prompt is not used by this product and was not imported']);
    expect(bot.lorebook?.name).toBe('Tang');
    expect(bot.lorebook?.scan_depth).toBe(3);
    expect(bot.lorebook?.token_budget).toBe(300);
    expect(bot.lorebook?.entries).toHaveLength(3);
    expect(bot.lorebook?.entries[0]).toMatchObject({
      keys: ['rune0', 'Glyph 0'],
      content: `Rune 0 glows when @{character_${id}} is near.`,
      selective: true,
      selective_logic: 'and_any',
      secondary_keys: ['moon0'],
      constant: true,
      insertion_order: 0,
      priority: 100,
      position: 'before_char',
      case_sensitive: true,
      enabled: true,
      name: 'entry 0',
    });
    expect(bot.lorebook?.entries[1]).toMatchObject({ selective_logic: 'not_all', position: 'after_char', case_sensitive: false });
  });

  it('reads a V3 JSON card with a 100-entry lorebook', () => {
    const { card } = readCardFile(json(V3_CARD));
    expect(card.spec).toBe('chara_card_v3');
    const { bot } = cardToBot(card);
    expect(bot.lorebook?.entries).toHaveLength(100);
    expect(bot.lorebook?.entries.filter((e) => !e.enabled)).toHaveLength(10);
    expect(new Set(bot.lorebook?.entries.map((e) => e.entry_id)).size).toBe(100);
  });

  it('reads a PNG with a chara chunk, and prefers ccv3 when both are there', async () => {
    const base = await portraitPng();
    const v2only = readCardFile(pngWithText(base, [['chara', b64json(V2_CARD)]]));
    expect(v2only.format).toBe('png');
    expect(v2only.card.spec).toBe('chara_card_v2');
    expect(v2only.card.data.name).toBe('李白');
    expect(v2only.picture?.length).toBeGreaterThan(0);
    const both = readCardFile(pngWithText(base, [['chara', b64json(V2_CARD)], ['ccv3', b64json(V3_CARD)]]));
    expect(both.card.spec).toBe('chara_card_v3');
    expect(both.card.data.name).toBe('Aria');
    // Order in the file does not matter.
    const reversed = readCardFile(pngWithText(base, [['ccv3', b64json(V3_CARD)], ['chara', b64json(V2_CARD)]]));
    expect(reversed.card.data.name).toBe('Aria');
  });

  it('reads a CHARX: card.json and its main icon', async () => {
    const icon = await portraitPng(300, 300);
    const card = { ...V3_CARD, data: { ...V3_CARD.data, assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] } };
    const zip = makeZip([
      { name: 'card.json', data: json(card) },
      { name: 'assets/icon/images/main.png', data: icon, store: true },
      { name: 'x_app.json', data: json({ other: true }) },
    ]);
    const file = readCardFile(zip);
    expect(file.format).toBe('charx');
    expect(file.card.data.name).toBe('Aria');
    expect(file.picture?.equals(icon)).toBe(true);
  });
});

describe('refusing bad files, naming what is wrong', () => {
  it('a PNG without a card', async () => {
    const r = refusal(() => readCardFile(Buffer.from(pngWithText(portraitPngSync, [['Comment', 'hello']]))));
    expect(r.reason).toBe('no_card');
    expect(r.message).toMatch(/no character card/);
  });

  let portraitPngSync: Buffer;
  beforeAll(async () => {
    portraitPngSync = await portraitPng(260, 300);
  });

  it('a truncated PNG and a damaged chunk', () => {
    const png = pngWithText(portraitPngSync, [['chara', b64json(V2_CARD)]]);
    expect(refusal(() => readCardFile(png.subarray(0, png.length - 30)))).toMatchObject({ reason: 'truncated' });
    const damaged = Buffer.from(png);
    damaged[20] = damaged[20]! ^ 0xff; // inside the IHDR data
    expect(refusal(() => readCardFile(damaged)).message).toMatch(/fails its checksum/);
  });

  it('an oversized file, with the limit stated', () => {
    const big = Buffer.alloc(CARD_LIMITS.fileBytes + 1, 0x20);
    big[0] = 0x7b;
    expect(refusal(() => readCardFile(big))).toEqual({ reason: 'size', message: 'file: The largest card file accepted is 8 MB' });
  });

  it('a file that is no card at all, and JSON that does not parse', () => {
    expect(refusal(() => readCardFile(Buffer.from('GIF89a....')))).toMatchObject({ reason: 'format' });
    expect(refusal(() => readCardFile(Buffer.from('{"spec": "chara_card_v2", ')))).toMatchObject({ reason: 'json' });
  });

  it('JSON of the wrong shape names the field', () => {
    expect(refusal(() => readCardFile(json({ spec: 'chara_card_v2', data: { name: 'x', first_mes: 5 } }))).message).toBe(
      "file: The card's data.first_mes must be a string",
    );
    expect(refusal(() => readCardFile(json({ spec: 'chara_card_v3', data: { name: 'x', alternate_greetings: 'hi' } }))).message).toBe(
      "file: The card's data.alternate_greetings must be a list",
    );
    expect(refusal(() => readCardFile(json({ spec: 'chara_card_v9', data: {} }))).message).toMatch(/spec "chara_card_v9" is not one/);
    expect(refusal(() => readCardFile(json({ hello: 'world' }))).message).toMatch(/not a character card/);
    expect(refusal(() => readCardFile(json({ spec: 'chara_card_v2', data: { character_book: { entries: [{ keys: [1] }] } } }))).message).toBe(
      "file: The card's data.character_book.entries.0.keys.0 must be a string",
    );
  });

  it('a PNG whose card chunk is not base64 JSON', () => {
    expect(refusal(() => readCardFile(pngWithText(portraitPngSync, [['chara', '%%%not base64']]))).message).toMatch(/chara chunk is not base64/);
    expect(refusal(() => readCardFile(pngWithText(portraitPngSync, [['ccv3', Buffer.from('{oops').toString('base64')]]))).reason).toBe('json');
  });

  it('a CHARX zip bomb: stopped on the bytes really inflated, whatever the headers claim', () => {
    const zeros = Buffer.alloc(CARD_LIMITS.charxUnpackedBytes + 1024 * 1024);
    const bomb = makeZip([
      { name: 'card.json', data: json(V3_CARD) },
      { name: 'assets/other/other/zeros.bin', data: zeros, claimedSize: 10 },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(refusal(() => readCardFile(bomb))).toEqual({ reason: 'zip_bomb', message: 'file: The CHARX unpacks to more than 32 MB (zip bomb?)' });
  });

  it('a CHARX path escaping its folder', () => {
    for (const name of ['../evil.png', '/etc/passwd', 'assets/../../x.png', 'C:/x.png', 'a\\..\\b.png']) {
      const zip = makeZip([
        { name: 'card.json', data: json(V3_CARD) },
        { name, data: Buffer.from('x') },
      ]);
      expect(refusal(() => readCardFile(zip))).toMatchObject({ reason: 'zip_path' });
    }
  });

  it('a CHARX without card.json, one cut short, and one whose main icon is missing', () => {
    expect(refusal(() => readCardFile(makeZip([{ name: 'other.json', data: json({}) }]))).message).toMatch(/no card.json/);
    const zip = makeZip([{ name: 'card.json', data: json(V3_CARD) }]);
    expect(refusal(() => readCardFile(zip.subarray(0, 60)))).toMatchObject({ reason: expect.stringMatching(/no_card|damaged/) });
    const card = { ...V3_CARD, data: { ...V3_CARD.data, assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] } };
    expect(refusal(() => readCardFile(makeZip([{ name: 'card.json', data: json(card) }]))).message).toMatch(/main icon/);
  });

  it('counts entries, and limits apply per archive', () => {
    const many = makeZip(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') })));
    expect(() => readZip(many, () => true, { unpackedBytes: 1000, entries: 10 })).toThrow(/more than 10 files/);
    const deflated = deflateRawSync(Buffer.from('x'));
    expect(deflated.length).toBeGreaterThan(0);
  });
});

describe('limits are reported, never cut', () => {
  it('over-limit fields come back whole with limit errors', () => {
    const long = 'x'.repeat(2500);
    const { bot } = cardToBot(readCardFile(json({ ...V1_CARD, description: long, personality: '' })).card);
    expect(bot.characters[0]!.settings).toHaveLength(2500);
    const issues = validateStory(bot, { mode: 'draft' });
    expect(issues).toContainEqual({ path: 'characters.0.settings', type: ValidationErrorType.Limit, message: 'At most 2000 characters', code: 'atMost', values: { max: 2000 } });
  });
});

describe('writing cards', () => {
  it('PNG chunks: replaced, not duplicated, and read back', async () => {
    const png = await portraitPng();
    const once = withTextChunks(png, [['chara', 'a'], ['ccv3', 'b']]);
    const twice = withTextChunks(once, [['chara', 'c'], ['ccv3', 'd']]);
    const texts = textChunks(readPngChunks(twice));
    expect(texts.get('chara')).toBe('c');
    expect(texts.get('ccv3')).toBe('d');
    expect(readPngChunks(twice).filter((c) => c.type === 'tEXt')).toHaveLength(2);
  });

  it('a character to a card and back gives the same character, bot and lorebook', () => {
    const { bot } = cardToBot(readCardFile(json(V3_CARD)).card);
    bot.characters[0]!.dubbing_show = { dubbing: 'voice_7', language: 'en' };
    bot.voice_over_dubbing = { dubbing: 'voice_7', language: 'en' };
    const exported = characterToCard(bot, bot.characters[0]!.character_id, null, new Date(0));
    const back = cardToBot(readCardFile(json(exported.v3)).card).bot;
    expect(back).toEqual(bot);
    const v2back = cardToBot(readCardFile(json(exported.v2)).card).bot;
    expect(v2back).toEqual(bot);
  });

  it('reads entries placed in the conversation (position 4 with depth, or @@depth) and regex keys, and writes them back', () => {
    const card = (e: Record<string, unknown>) => lorebookFileOf({ spec: 'lorebook_v3', data: { extensions: {}, entries: [{ keys: ['k'], content: 'Text.', enabled: true, insertion_order: 1, extensions: {}, ...e }] } });
    const st = lorebookFromCard(card({ extensions: { position: 4, depth: 3 } })).lorebook.entries[0]!;
    expect(st).toMatchObject({ position: 'at_depth', depth: 3, content: 'Text.' });
    const v3 = lorebookFromCard(card({ content: '@@depth 2\nText.', position: 'after_char' })).lorebook.entries[0]!;
    expect(v3).toMatchObject({ position: 'at_depth', depth: 2, content: 'Text.' });
    const deep = lorebookFromCard(card({ content: '@@depth 500\nText.' }));
    expect(deep.lorebook.entries[0]!.depth).toBe(100);
    expect(deep.warnings[0]).toMatch(/depth is more than 100/);
    // A per-entry scan depth is not ours: the lorebook's scan depth applies to every entry.
    expect(lorebookFromCard(card({ extensions: { scan_depth: 7 } })).lorebook.entries[0]).toMatchObject({ position: 'before_char', depth: 0 });
    const re = lorebookFromCard(card({ keys: ['/dragons?/i'], use_regex: true }));
    expect(re.lorebook.entries[0]!.use_regex).toBe(true);
    expect(re.warnings).toEqual([]);

    const out = lorebookFile(lorebookFromCard(card({ extensions: { position: 4, depth: 3 }, use_regex: true })).lorebook);
    const written = out.data.entries[0]!;
    expect(written).toMatchObject({ content: '@@depth 3\nText.', use_regex: true, position: 'before_char', extensions: { position: 4, depth: 3 } });
    expect(lorebookFromCard(lorebookFileOf(JSON.parse(JSON.stringify(out)))).lorebook.entries[0]).toMatchObject({ position: 'at_depth', depth: 3, content: 'Text.', use_regex: true });
  });

  it('the standalone lorebook file round-trips', () => {
    const { lorebook } = lorebookFromCard(lorebookFileOf({ spec: 'lorebook_v3', data: { entries: lorebookEntries(100), extensions: {} } }));
    const again = lorebookFromCard(lorebookFileOf(JSON.parse(JSON.stringify(lorebookFile(lorebook))))).lorebook;
    expect(again).toEqual(lorebook);
    expect(() => lorebookFileOf({ spec: 'x' })).toThrow(/lorebook_v3/);
  });
});
