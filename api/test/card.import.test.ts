import { ErrorCode } from 'shared-kit';
import { V1_CARD, V2_CARD, V3_CARD, b64json, makeZip, pngWithText, portraitPng } from './support/cardFixtures';
import { importCard, storyCount, useCardApi } from './support/cardRequests';

describe('POST /api/editor/card/import', () => {
  const ctx = useCardApi();

  it('maps a V3 PNG card to a bot with its picture and lorebook, saving no story', async () => {
    const before = await storyCount(ctx.api);
    const png = pngWithText(await portraitPng(), [['chara', b64json(V2_CARD)], ['ccv3', b64json(V3_CARD)]]);
    const res = await importCard(ctx.alice, png);
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
    const pic = await fetch(ctx.api.baseUrl + d.picture!.url);
    expect(pic.status).toBe(200);
    expect(await storyCount(ctx.api)).toBe(before);
  });

  it('maps V1 and V2 JSON and a CHARX', async () => {
    const v1 = await importCard(ctx.alice, Buffer.from(JSON.stringify(V1_CARD)), 'tom.json');
    expect(v1.body.data).toMatchObject({ format: 'json', spec: 'chara_card_v1', picture: null });
    const v2 = await importCard(ctx.alice, Buffer.from(JSON.stringify(V2_CARD)), 'li.json');
    expect(v2.body.data?.bot.characters[0]).toMatchObject({ character_name: '李白' });
    const icon = await portraitPng(300, 300);
    const card = { ...V3_CARD, data: { ...V3_CARD.data, assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] } };
    const charx = await importCard(ctx.alice, makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(card)) }, { name: 'assets/icon/images/main.png', data: icon, store: true }]), 'a.charx');
    expect(charx.body.data).toMatchObject({ format: 'charx', picture: { width: 300, height: 300 } });
  });

  it('reports over-limit fields and a refused picture inline, keeping every text whole', async () => {
    const long = 'y'.repeat(2100);
    const tiny = pngWithText(await portraitPng(100, 100), [['chara', b64json({ ...V2_CARD, data: { ...V2_CARD.data, description: long, personality: '' } })]]);
    const res = await importCard(ctx.alice, tiny);
    expect(res.body.status_code).toBe(0);
    const d = res.body.data!;
    expect((d.bot.characters[0]!.settings as string).length).toBe(2100);
    expect(d.errors).toContainEqual({ path: 'characters.0.settings', type: 2, message: 'At most 2000 characters', code: 'atMost', values: { max: 2000 } });
    expect(d.errors).toContainEqual(expect.objectContaining({ path: 'characters.0.character_url', type: 4, message: expect.stringMatching(/resolution/) }));
    expect(d.picture).toBeNull();
  });

  it('refuses bad files with a clear message and no 500, storing nothing', async () => {
    const before = await storyCount(ctx.api);
    const media = await ctx.api.db.connection.db!.collection('media.files').countDocuments();
    const cases: Array<[Buffer, RegExp]> = [
      [pngWithText(await portraitPng(), [['Comment', 'x']]), /no character card/],
      [Buffer.from('{"spec":"chara_card_v2","data":{"name":3}}'), /data\.name must be a string/],
      [Buffer.from('not a card'), /not a character card/],
      [makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(V3_CARD)) }, { name: '../../escape.png', data: Buffer.from('x') }]), /escapes its folder/],
      [makeZip([{ name: 'card.json', data: Buffer.from(JSON.stringify(V3_CARD)) }, { name: 'big.bin', data: Buffer.alloc(33 * 1024 * 1024), claimedSize: 5 }]), /unpacks to more than 32 MB/],
      [(await portraitPng()).subarray(0, 200), /cut short/],
    ];
    for (const [file, message] of cases) {
      const res = await importCard(ctx.alice, file);
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(message);
    }
    const big = await importCard(ctx.alice, Buffer.alloc(8 * 1024 * 1024 + 10, 0x7b));
    expect(big.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(big.body.status_message).toBe('file: The largest card file accepted is 8 MB');
    const noFile = await ctx.alice.call('/api/editor/card/import', { method: 'POST', body: new FormData() });
    expect(noFile.body.status_code).toBe(ErrorCode.ClientParamError);
    const json = await ctx.alice.post('/api/editor/card/import', V1_CARD);
    expect(json.body.status_message).toMatch(/multipart\/form-data/);
    expect(await storyCount(ctx.api)).toBe(before);
    expect(await ctx.api.db.connection.db!.collection('media.files').countDocuments()).toBe(media);
  });

  it('needs a signed-in user', async () => {
    const res = await importCard(ctx.visitor(), Buffer.from(JSON.stringify(V1_CARD)));
    expect(res.body.status_code).toBe(ErrorCode.NeedLogin);
  });
});
