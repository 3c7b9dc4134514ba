import type OpenAI from 'openai';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types';

/** Sizes the images endpoint accepts; the request's aspect ratio picks the closest. */
function sizeFor(width: number, height: number): '1024x1024' | '1024x1536' | '1536x1024' {
  const ratio = width / height;
  if (ratio < 0.85) return '1024x1536';
  if (ratio > 1.18) return '1536x1024';
  return '1024x1024';
}

function mimeOf(data: Buffer): GeneratedImage['mime'] {
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return 'image/png';
}

/** Picture generation through an OpenAI-compatible `/images/generations` endpoint. */
export function openAiImages(client: OpenAI, model: string): ImageProvider {
  return {
    name: 'openai-compatible',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const prompt = request.style
        ? `${request.prompt}\n\nStyle: ${request.style.replace(/_/g, ' ')}`
        : request.prompt;
      const res = await client.images.generate(
        { model, prompt, n: 1, size: sizeFor(request.width, request.height) },
        { signal: request.signal },
      );
      const first = res.data?.[0];
      if (first?.b64_json) {
        const data = Buffer.from(first.b64_json, 'base64');
        return { data, mime: mimeOf(data) };
      }
      // Servers that answer with a URL instead of inline data.
      if (first?.url) {
        const got = await fetch(first.url, { signal: request.signal });
        if (!got.ok) throw new Error(`image download failed with HTTP ${got.status}`);
        const data = Buffer.from(await got.arrayBuffer());
        return { data, mime: mimeOf(data) };
      }
      throw new Error('the images endpoint returned no picture');
    },
  };
}
