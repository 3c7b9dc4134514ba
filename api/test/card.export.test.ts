import { ErrorCode, StoryStatus } from 'shared-kit';
import { readCardFile } from '../src/modules/card/card.read';
import { cardToBot } from '../src/modules/card/card.map';
import { readZip } from '../src/modules/card/card.zip';
import { save, waitForStory } from './editor.support';
import { Story } from '../src/modules/stories/story.model';
import { V3_CARD, b64json, pngWithText, portraitPng } from './support/cardFixtures';
import { download, form, importCard, saveBot, useCardApi, type Imported } from './support/cardRequests';

const ctx = useCardApi();

describe('GET /api/editor/card/export', () => {
  let botId: string;
  let imported: Imported;

  beforeAll(async () => {
    const png = pngWithText(await portraitPng(), [['ccv3', b64json(V3_CARD)]]);
    imported = (await importCard(ctx.alice, png)).body.data!;
    imported.bot.characters[0]!.dubbing_show = { dubbing: 'en_female_calm', language: 'en' };
    imported.bot.voice_over_dubbing = { dubbing: 'en_female_calm', language: 'en' };
    botId = await saveBot(ctx.alice, imported.bot);
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
    const file = await download(ctx.alice, `story_id=${botId}&format=png`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(file.disposition).toMatch(/attachment; filename="Aria.png"/);
    const read = readCardFile(file.data);
    expect(read.card.spec).toBe('chara_card_v3');
    const { textChunks, readPngChunks } = await import('../src/modules/card/card.png');
    const v2 = JSON.parse(Buffer.from(textChunks(readPngChunks(file.data)).get('chara')!, 'base64').toString('utf8'));
    expect(v2.spec).toBe('chara_card_v2');
    expect(cardToBot({ spec: 'chara_card_v2', data: readCardFile(Buffer.from(JSON.stringify(v2))).card.data }).bot.characters[0]!.character_name).toBe('Aria');
    await expectSameBot((await importCard(ctx.alice, file.data)).body.data!);
  });

  it('exports JSON and CHARX, each importing back as the same bot', async () => {
    const json = await download(ctx.alice, `story_id=${botId}&format=json`);
    expect(json.type).toMatch(/application\/json/);
    const again = (await importCard(ctx.alice, json.data, 'a.json')).body.data!;
    expect(again.picture).toBeNull();
    again.bot.characters[0]!.character_url = imported.bot.characters[0]!.character_url;
    again.bot.logo = imported.bot.logo;
    await expectSameBot({ ...again, picture: imported.picture });
    const charx = await download(ctx.alice, `story_id=${botId}&format=charx`);
    expect(charx.type).toMatch(/application\/zip/);
    expect([...readZip(charx.data, () => true).keys()].sort()).toEqual(['assets/icon/images/main.png', 'card.json']);
    await expectSameBot((await importCard(ctx.alice, charx.data, 'a.charx')).body.data!);
  });

  it('exports a story as CHARX with its characters, and one character of it', async () => {
    const story = await save(ctx.alice, {
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
    const whole = await download(ctx.alice, `story_id=${id}&format=charx`);
    const files = readZip(whole.data, () => true);
    expect([...files.keys()].sort()).toEqual(['card.json', 'characters/k1.json', 'characters/k2.json']);
    const main = JSON.parse(files.get('card.json')!.toString('utf8'));
    expect(main.data).toMatchObject({ name: 'Two', first_mes: 'Hi {{user}}', character_book: { entries: [{ keys: ['moon'], content: 'The moon is red.' }] } });
    expect(JSON.parse(files.get('characters/k1.json')!.toString('utf8')).data.description).toBe('Friend of Lin.');
    const one = await download(ctx.alice, `story_id=${id}&character_id=k2&format=json`);
    expect(JSON.parse(one.text).data).toMatchObject({ name: 'Lin', description: 'Talks to {{user}}.', first_mes: '' });
    const needsCharacter = await download(ctx.alice, `story_id=${id}&format=png`);
    expect(JSON.parse(needsCharacter.text).status_message).toMatch(/^character_id:/);
    const unknown = await download(ctx.alice, `story_id=${id}&character_id=zz&format=png`);
    expect(JSON.parse(unknown.text).status_message).toMatch(/no such character/);
  });

  it('lets others export only a published story whose creator allows character use', async () => {
    const draftOther = await download(ctx.bob, `story_id=${botId}&format=json`);
    expect(JSON.parse(draftOther.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);
    const draftVisitor = await download(ctx.visitor(), `story_id=${botId}&format=json`);
    expect(JSON.parse(draftVisitor.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);

    const pub = await saveBot(ctx.alice, { ...imported.bot, characters: [{ ...imported.bot.characters[0]!, character_id: 'pub1' }], prologue: { character_id: 'pub1', content: 'Hi.' } }, true);
    await waitForStory<{ story_info: { status: number } }>(ctx.alice, pub, (d) => d.story_info.status === StoryStatus.Passed);
    for (const who of [ctx.bob, ctx.visitor()]) {
      const ok = await download(who, `story_id=${pub}&format=png`);
      expect(ok.status).toBe(200);
      expect(readCardFile(ok.data).card.data.name).toBe('Aria');
    }
    // Kept from others by an operator (hidden: 3001; taken down: 2001): only its creator exports it.
    for (const [op_status, code] of [['SelfWatch', ErrorCode.UserStoryInfoPermission], ['BreakUp', ErrorCode.StoryDeleted]] as const) {
      await Story.updateOne({ story_id: pub }, { $set: { op_status } });
      for (const who of [ctx.bob, ctx.visitor()]) expect(JSON.parse((await download(who, `story_id=${pub}&format=png`)).text).status_code).toBe(code);
      expect((await download(ctx.alice, `story_id=${pub}&format=png`)).status).toBe(200);
    }
    await Story.updateOne({ story_id: pub }, { $unset: { op_status: 1 } });
    const off = await ctx.alice.post('/api/editor/permission/update', { story_id: pub, permission: { character_use: false, thread_share: true } });
    expect(off.body.status_code).toBe(0);
    for (const who of [ctx.bob, ctx.visitor()]) {
      const refused = await download(who, `story_id=${pub}&format=png`);
      expect(JSON.parse(refused.text).status_code).toBe(ErrorCode.UserStoryInfoPermission);
    }
    expect((await download(ctx.alice, `story_id=${pub}&format=png`)).status).toBe(200);
  });

  it('answers bad queries and missing stories with their codes', async () => {
    expect(JSON.parse((await download(ctx.alice, `story_id=${botId}&format=gif`)).text).status_message).toMatch(/^format:/);
    expect(JSON.parse((await download(ctx.alice, 'story_id=99999999&format=png')).text).status_code).toBe(ErrorCode.NoStory);
  });
});

describe('lorebook import and export (lorebook_v3)', () => {
  it('exports a bot\'s lorebook and imports it back', async () => {
    const bot = (await importCard(ctx.alice, Buffer.from(JSON.stringify(V3_CARD)))).body.data!.bot;
    const id = await saveBot(ctx.alice, bot);
    const res = await fetch(`${ctx.api.baseUrl}/api/editor/lorebook/export?story_id=${id}`, {
      headers: { cookie: [...ctx.alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const file = Buffer.from(await res.arrayBuffer());
    const parsed = JSON.parse(file.toString('utf8'));
    expect(parsed.spec).toBe('lorebook_v3');
    expect(parsed.data.entries).toHaveLength(100);
    const back = await ctx.alice.call<{ lorebook: unknown }>('/api/editor/lorebook/import', { method: 'POST', body: form(file, 'book.json', 'application/json') });
    expect(back.body.data?.lorebook).toEqual(bot.lorebook);
    const wrong = await ctx.alice.call('/api/editor/lorebook/import', { method: 'POST', body: form(Buffer.from('{"spec":"nope"}'), 'x.json') });
    expect(wrong.body.status_message).toMatch(/lorebook_v3/);
  });
});
