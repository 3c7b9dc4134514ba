import { expect, test, type Page } from '@playwright/test';
import { DEMO_STORY as STORY, sampleReply as sampleFor, storyLog as log, openDemoStory } from '../support/play';
import { PHONE } from '../support/phone';
import { signInByPhone } from '../support/session';

test.use(PHONE);

const MESSAGE = 'Ezra, what does the radio say?';

const isStream = (url: string) => new URL(url).pathname.endsWith('/message/stream_reply');
const isSend = (url: string) => new URL(url).pathname.endsWith('/message/send');

/** Resolves once the page has a standby stream open (or opening), with the seq it waits from. */
async function standbyOpened(page: Page): Promise<number> {
  const request = await page.waitForRequest((r) => isStream(r.url()) && new URL(r.url()).searchParams.get('standby') === '1');
  return Number(new URL(request.url()).searchParams.get('seq_st'));
}

const sampleReply = (page: Page) => sampleFor(page, 30_000);

test('a turn sent in one tab streams on its waiting stream, and shows live in a second tab of the same play', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInByPhone(page.request, '512');

  // Page A: the story from the feed, then Play.
  await openDemoStory(page);
  await expect(page.getByRole('heading', { level: 1, name: STORY })).toBeVisible();
  const standbyA = standbyOpened(page);
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(log(page)).toContainText("Storm's coming and the lamp has gone dark.");
  const seqA = await standbyA;

  // Page B: the same play, opened in a second tab of the same session.
  const other = await context.newPage();
  const standbyB = standbyOpened(other);
  const playUrl = new URL(page.url());
  await other.goto(playUrl.pathname);
  await expect(log(other)).toContainText("Storm's coming and the lamp has gone dark.");
  // Both wait for the same next turn.
  expect(await standbyB).toBe(seqA);

  // Every request each page makes from here on, in order.
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const requestsB: string[] = [];
  other.on('request', (r) => requestsB.push(r.url()));

  const watching = sampleReply(other);
  const writing = sampleReply(page);
  await page.getByRole('textbox', { name: 'Your message' }).fill(MESSAGE);
  await page.getByRole('button', { name: 'Send' }).click();
  const seen = await writing;
  const seenElsewhere = await watching;
  await expect(page.getByText('Writing a reply…')).toBeHidden();

  // Page B showed the player's message and the reply as it was written, without reloading, with its input waiting.
  await expect(log(other).locator('.player-msg--me')).toHaveCount(1);
  await expect(log(other).locator('.player-msg--me')).toContainText(MESSAGE);
  expect(seenElsewhere.lengths.length, `reply lengths in page B: ${seenElsewhere.lengths.join(',')}`).toBeGreaterThanOrEqual(3);
  expect([...seenElsewhere.lengths].sort((a, b) => a - b)).toEqual(seenElsewhere.lengths);
  expect(seenElsewhere.blocked).toBe(true);
  await expect(other.getByText('Writing a reply…')).toBeHidden();
  const replyA = await log(page).locator('[data-testid="bubble-text"]').last().textContent();
  expect(replyA?.length ?? 0).toBeGreaterThan(0);
  await expect(log(other).locator('[data-testid="bubble-text"]').last()).toHaveText(replyA!);
  expect(seen.lengths.length, `reply lengths in page A: ${seen.lengths.join(',')}`).toBeGreaterThanOrEqual(3);

  // Page A's reply came on the stream that was already open: from the send on, the only stream it asked for is the
  // standby for the next turn. (The request events of the send and of a stream opened right after it can come in
  // either order, so every stream request since the pages were ready is checked.) Page B likewise only waits for
  // that next turn again.
  expect(requests.filter(isSend), requests.join('\n')).toHaveLength(1);
  const streams = (urls: string[]) => urls.filter(isStream).map((u) => new URL(u).searchParams);
  await expect.poll(() => streams(requests).length).toBeGreaterThanOrEqual(1);
  await expect.poll(() => streams(requestsB).length).toBeGreaterThanOrEqual(1);
  for (const query of [...streams(requests), ...streams(requestsB)]) {
    expect(query.get('standby'), query.toString()).toBe('1');
    expect(query.has('dialogue_id'), query.toString()).toBe(false);
    expect(Number(query.get('seq_st')), query.toString()).toBeGreaterThan(seqA);
  }
});
