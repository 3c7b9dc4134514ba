import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createForbiddenWords, ReviewCategory } from 'shared-kit';
import sharp from 'sharp';
import { loadConfig } from '../config';
import { createAiProviders } from './index';

describe('ai providers', () => {
  it('offline: moderation by the word lists, deterministic artwork per prompt and style', async () => {
    const ai = createAiProviders(loadConfig({ NODE_ENV: 'test' }), createForbiddenWords(['badword']));
    expect(ai.mode).toBe('offline');
    expect(await ai.moderation.moderate(['fine text', 'a BADWORD'])).toEqual([
      { flagged: false, categories: [] },
      { flagged: true, categories: [ReviewCategory.Others], detail: 'listed word "badword"' },
    ]);
    const a = await ai.images.generate({
      prompt: 'a lighthouse in a storm',
      style: 'anime',
      width: 320,
      height: 480,
    });
    const again = await ai.images.generate({
      prompt: 'a lighthouse in a storm',
      style: 'anime',
      width: 320,
      height: 480,
    });
    const other = await ai.images.generate({
      prompt: 'a cafe at midnight',
      style: 'anime',
      width: 320,
      height: 480,
    });
    expect(a.mime).toBe('image/png');
    expect(a.data.equals(again.data)).toBe(true);
    expect(a.data.equals(other.data)).toBe(false);
    expect(await sharp(a.data).metadata()).toMatchObject({ format: 'png', width: 320, height: 480 });
  });

  it('openai-compatible: moderation categories and images through a loopback server', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const seen: Array<{ url?: string; body: Record<string, unknown> }> = [];
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ url: req.url, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        if (req.url === '/v1/moderations') {
          const input = body.input as string[];
          res.end(
            JSON.stringify({
              id: 'm',
              model: body.model,
              results: input.map((t) => ({
                flagged: t.includes('hate'),
                categories: { hate: t.includes('hate'), 'sexual/minors': false },
                category_scores: {},
              })),
            }),
          );
        } else {
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const config = loadConfig({
        NODE_ENV: 'test',
        LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
        LLM_MODEL: 'chat',
        LLM_IMAGE_MODEL: 'img-model',
      });
      const ai = createAiProviders(config, createForbiddenWords([]));
      expect(ai.mode).toBe('model');
      expect(await ai.moderation.moderate(['calm', 'full of hate'])).toEqual([
        { flagged: false, categories: [] },
        { flagged: true, categories: [ReviewCategory.Hateful], detail: 'hate' },
      ]);
      const image = await ai.images.generate({
        prompt: 'a keeper',
        style: 'oil_painting',
        width: 600,
        height: 900,
      });
      expect(image).toEqual({ data: png, mime: 'image/png' });
      expect(seen.find((s) => s.url === '/v1/images/generations')?.body).toMatchObject({
        model: 'img-model',
        size: '1024x1536',
        n: 1,
        prompt: 'a keeper\n\nStyle: oil painting',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
