import http from 'node:http';
import sharp from 'sharp';
import { ErrorCode } from 'shared-kit';
import { offlinePortraitSvg } from '../src/ai/portrait.offline';
import { call, signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';

interface Uploaded {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

let api: TestApi;
let user: CookieClient;

beforeAll(async () => {
  api = await startTestApi();
  user = await signInByPhone(api.baseUrl, '+12025550170');
}, 30_000);

afterAll(async () => {
  await api?.stop();
});

/** A picture with EXIF that includes a GPS position and a camera owner, to prove both are gone after upload. */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).withExif({
    IFD0: { Artist: 'Secret Owner', Copyright: 'Secret Owner' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
  });
  return base.toFormat(format).toBuffer();
}

function form(file: Buffer, filename: string, type: string, use?: string): FormData {
  const fd = new FormData();
  if (use !== undefined) fd.append('use', use);
  fd.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  return fd;
}

function upload(client: CookieClient, body: FormData | string, headers: Record<string, string> = {}) {
  return client.call<Uploaded>('/api/editor/upload', { method: 'POST', body, headers });
}

async function storedCount(): Promise<number> {
  return api.db.connection.db!.collection('media.files').countDocuments();
}

/** Sends only headers (and no body): the server must answer from the declared length alone. */
function rawPost(path: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(api.baseUrl + path, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

async function fetchMedia(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(api.baseUrl + url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/editor/upload', () => {
  it('accepts a JPEG avatar, strips its EXIF and GPS, and serves it back immutable', async () => {
    const jpeg = await picture('jpeg', 300, 300);
    const exif = (await sharp(jpeg).metadata()).exif;
    // The GPS IFD pointer tag 0x8825, little-endian as sharp writes it.
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(jpeg.includes('Secret Owner')).toBe(true);

    const res = await upload(user, form(jpeg, 'me.jpg', 'image/jpeg', 'avatar'));
    expect(res.body.status_code).toBe(0);
    const data = res.body.data!;
    expect(data).toMatchObject({ width: 300, height: 300, mime: 'image/jpeg' });
    expect(data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.url).toBe(`/api/media/${data.id}`);

    const { res: got, bytes } = await fetchMedia(data.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Number(got.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('Secret Owner')).toBe(false);

    // fetch() adds `Cache-Control: no-cache` to conditional requests unless one is given, which forbids a 304.
    const again = await fetchMedia(data.url, { 'if-none-match': got.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('accepts a PNG and a WebP for other uses, each within its bounds', async () => {
    const png = await upload(user, form(await picture('png', 512, 768), 'hero.png', 'image/png', 'cover'));
    expect(png.body).toMatchObject({ status_code: 0, data: { mime: 'image/png', width: 512, height: 768 } });
    const { res, bytes } = await fetchMedia(png.body.data!.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();

    const webp = await upload(user, form(await picture('webp', 1280, 720), 'bg.webp', 'image/webp', 'background'));
    expect(webp.body).toMatchObject({ status_code: 0, data: { mime: 'image/webp', width: 1280, height: 720 } });
  });

  it('takes a character picture only when it shows a face (section 8: No face detected), and logs the time the check took', async () => {
    const flat = await upload(user, form(await picture('png', 512, 768), 'hero.png', 'image/png', 'character'));
    expect(flat.body).toMatchObject({ status_code: ErrorCode.FaceNotRecognized, data: { reason: 'face' } });
    expect(flat.body.status_message).toMatch(/^No face detected/);

    const face = await sharp(Buffer.from(offlinePortraitSvg({ prompt: 'Hero', width: 512, height: 768 }, 200))).jpeg().toBuffer();
    const ok = await upload(user, form(face, 'hero.jpg', 'image/jpeg', 'character'));
    expect(ok.body).toMatchObject({ status_code: 0, data: { mime: 'image/jpeg', width: 512, height: 768 } });
    const checks = api.logs.find('face check');
    expect(checks.map((l) => l.faces)).toEqual([0, 1]);
    for (const line of checks) expect(line.ms).toEqual(expect.any(Number));
  });

  it('detects a PNG renamed .jpg and declared as JPEG by its content', async () => {
    const png = await picture('png', 200, 200);
    const res = await upload(user, form(png, 'photo.jpg', 'image/jpeg', 'avatar'));
    expect(res.body).toMatchObject({ status_code: 0, data: { mime: 'image/png' } });
    const { res: got } = await fetchMedia(res.body.data!.url);
    expect(got.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a text file called x.png, a GIF and a damaged PNG as unsupported formats', async () => {
    const text = await upload(user, form(Buffer.from('hello, I am not a picture\n'), 'x.png', 'image/png', 'avatar'));
    expect(text.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'format' } });
    expect(text.body.status_message).toMatch(/^Upload failed: unsupported format/);

    const gif = await upload(user, form(await picture('gif', 200, 200), 'a.gif', 'image/gif', 'avatar'));
    expect(gif.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'format' } });
    expect(gif.body.status_message).toContain('GIF');

    const png = await picture('png', 400, 400);
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const damaged = await upload(user, form(cut, 'cut.png', 'image/png', 'avatar'));
    expect(damaged.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'format' } });
  });

  it('refuses a file over 5 MB without keeping it, and a body declared far larger before reading it', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const res = await upload(user, form(big, 'big.png', 'image/png', 'avatar'));
    expect(res.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'size' } });
    expect(res.body.status_message).toContain('5 MB');
    expect(await storedCount()).toBe(before);

    const declared = await rawPost('/api/editor/upload', {
      cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(50 * 1024 * 1024),
    });
    expect(declared.status).toBe(200);
    expect(JSON.parse(declared.text)).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'size' } });
  });

  it('refuses a too-small avatar and a non-square avatar with the resolution and aspect-ratio messages', async () => {
    const small = await upload(user, form(await picture('png', 100, 100), 's.png', 'image/png', 'avatar'));
    expect(small.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'resolution' } });
    expect(small.body.status_message).toContain('100×100');

    const wide = await upload(user, form(await picture('jpeg', 300, 200), 'w.jpg', 'image/jpeg', 'avatar'));
    expect(wide.body).toMatchObject({ status_code: ErrorCode.AvatarFormatError, data: { reason: 'aspect_ratio' } });
    expect(wide.body.status_message).toMatch(/^Upload failed: unsupported aspect ratio/);

    // 10% off square is still square enough.
    const nearly = await upload(user, form(await picture('jpeg', 330, 300), 'n.jpg', 'image/jpeg', 'avatar'));
    expect(nearly.body.status_code).toBe(0);
  });

  it('refuses an upload without a signed-in user', async () => {
    const res = await call(api.baseUrl, '/api/editor/upload', {
      method: 'POST',
      body: form(await picture('png', 200, 200), 'a.png', 'image/png', 'avatar'),
    });
    expect(res.body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('answers malformed requests with parameter errors, never a crash', async () => {
    const png = await picture('png', 200, 200);
    const noUse = await upload(user, form(png, 'a.png', 'image/png'));
    expect(noUse.body).toMatchObject({ status_code: ErrorCode.ClientParamError });
    expect(noUse.body.status_message).toMatch(/^use:/);

    const badUse = await upload(user, form(png, 'a.png', 'image/png', 'wallpaper'));
    expect(badUse.body.status_code).toBe(ErrorCode.ClientParamError);

    const noFile = new FormData();
    noFile.append('use', 'avatar');
    const missing = await upload(user, noFile);
    expect(missing.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: 'file: Required' });

    const two = form(png, 'a.png', 'image/png', 'avatar');
    two.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
    const twice = await upload(user, two);
    expect(twice.body.status_code).toBe(ErrorCode.ClientParamError);

    const json = await upload(user, JSON.stringify({ use: 'avatar' }), { 'content-type': 'application/json' });
    expect(json.body.status_code).toBe(ErrorCode.ClientParamError);

    const broken = await upload(user, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(broken.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(broken.status).toBe(200);
  });
});

describe('GET /api/media/:id', () => {
  it('answers bad and unknown ids with envelopes', async () => {
    const bad = await call(api.baseUrl, '/api/media/not-an-id');
    expect(bad.status).toBe(200);
    expect(bad.body.status_code).toBe(ErrorCode.ClientParamError);

    const injected = await call(api.baseUrl, `/api/media/${encodeURIComponent('{"$ne":null}')}`);
    expect(injected.body.status_code).toBe(ErrorCode.ClientParamError);

    const unknown = await call(api.baseUrl, '/api/media/0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: ErrorCode.RecordNotFound, status_message: 'Media not found' });
  });
});
