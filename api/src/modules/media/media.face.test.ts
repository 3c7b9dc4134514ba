import path from 'node:path';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { offlineImages } from '../../ai/images.offline';
import { detectFaces } from './media.face';

const images = offlineImages();

/** A landscape with no one in it: sky, sun, hills and a lake. */
function landscape(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="768" height="1024">' +
    '<rect width="768" height="600" fill="#8cc8f0"/><circle cx="560" cy="180" r="70" fill="#ffd54a"/>' +
    '<path d="M0 560 Q 200 380 400 540 T 768 500 V 1024 H 0 Z" fill="#4f8a3c"/>' +
    '<ellipse cx="380" cy="820" rx="300" ry="90" fill="#3d7fb8"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('face detection on pictures', () => {
  jest.setTimeout(120_000);

  it("finds the face in the offline generator's character portraits, whatever the prompt and style", async () => {
    const prompts = ['Mira, lighthouse keeper', 'Tom, a young fisherman', 'Ren, midnight barista', 'Old captain', 'Detective Lu', 'Queen Ada'];
    const styles = ['anime', 'watercolor', 'cinematic', 'oil_painting', '', 'anime'];
    for (const [i, prompt] of prompts.entries()) {
      const size = i % 2 === 0 ? { width: 768, height: 1024 } : { width: 512, height: 640 };
      const drawn = await images.generate({ prompt, style: styles[i], ...size, use: 'character' });
      const check = await detectFaces(drawn.data);
      expect({ prompt, faces: check.faces }).toEqual({ prompt, faces: 1 });
      expect(check.best).toBeGreaterThan(0.6);
    }
  });

  it('finds the faces in a photograph', async () => {
    const photo = readFileSync(path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'));
    expect((await detectFaces(photo)).faces).toBeGreaterThanOrEqual(1);
  });

  it('finds none in a plain colour, a landscape or the abstract artwork of covers and backgrounds', async () => {
    const plain = await sharp({ create: { width: 512, height: 768, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    expect((await detectFaces(plain)).faces).toBe(0);
    expect((await detectFaces(await landscape())).faces).toBe(0);
    for (const prompt of ['Scene background. A harbour at night', 'Story cover. The Night Ferry', 'A lighthouse in a storm']) {
      const art = await images.generate({ prompt, width: 1024, height: 576, use: 'background' });
      expect({ prompt, faces: (await detectFaces(art.data)).faces }).toEqual({ prompt, faces: 0 });
    }
  });

  it('loads the model once and then checks a picture in well under a second', async () => {
    const drawn = await images.generate({ prompt: 'Timing', width: 768, height: 1024, use: 'character' });
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const check = await detectFaces(drawn.data);
      // The model was loaded by the checks above: nobody waits for it any more.
      expect(check.waitedMs).toBeLessThan(50);
      times.push(check.ms);
    }
    console.log(`face check: ${times.join(', ')} ms per picture`);
    expect(Math.min(...times)).toBeLessThan(1500);
  });
});
