import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PHONE } from '../support/phone';
import { signInByPhone } from '../support/session';

test.use(PHONE);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A real square PNG (one colour), made here so the upload goes through the server's decoder for real. */
function squarePng(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0)]);
  for (let x = 0; x < size; x++) row.set([91, 61, 245], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a visitor is asked to log in and comes back to the account page', async ({ page }) => {
  await page.goto('/account/settings');
  // The page's own prompt, not the header's Log in button.
  await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sv:login_redirect'))).toBe('/account/settings');
});

test('on a phone: edit nickname, User ID and avatar, see them after reload, then settings and the empty block list', async ({
  page,
}) => {
  const { e164: phone } = await signInByPhone(page.request, '202');
  const suffix = phone.slice(-4);
  const nickname = `Reader ${suffix}`;
  const userId = `reader_${suffix}`;

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/account\/edit$/);

  await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await expect(page.getByText(`${nickname.length}/30`)).toBeVisible();
  const idField = page.getByRole('textbox', { name: 'User ID' });
  await idField.fill('12345');
  await expect(page.getByText('User ID cannot be only digits')).toBeVisible();
  await idField.fill(userId);
  await expect(page.getByText('User ID is available')).toBeVisible();

  await page
    .getByLabel('Choose an avatar picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: squarePng(160) });
  await expect(page.getByText('New picture ready: save to use it.')).toBeVisible();
  await expect(page.getByRole('img', { name: nickname })).toHaveAttribute(
    'src',
    /^\/api\/media\/[0-9a-f]{24}$/,
  );

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();
  await expect(page.getByText(`User ID: @${userId}`)).toBeVisible();
  const avatar = page.getByRole('img', { name: nickname });
  await expect(avatar).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{24}$/);
  // The stored picture really loads in the browser.
  await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Comments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of service' })).toBeVisible();

  await page.getByRole('link', { name: 'Blocked users' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You haven’t blocked anyone' })).toBeVisible();
});
