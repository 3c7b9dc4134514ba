import { expect, test, type Page } from '@playwright/test';
import { DEMO_STORY as STORY, sampleReply, storyLog as log, openDemoStory } from '../support/play';
import { PHONE } from '../support/phone';
import { signInByPhone } from '../support/session';

test.use(PHONE);

/** Turns that do what each of the demo story's chapters asks. */
const CHAPTER_1 = 'I clean the brass burner and fit a new wick.';
const CHAPTER_2 = 'Ezra, use the radio to guide the Marigold around the reef.';
const CHAPTER_3 = 'I guide the Marigold into the harbour and keep the lamp burning until dawn.';

const myMessages = (page: Page) => log(page).locator('.player-msg--me');

/**
 * Sends one turn and samples the reply's text on every frame while it is being written, so the test sees the text
 * grow (streamed) rather than appear whole. Returns the lengths seen, in order.
 */
async function playTurn(page: Page, text: string): Promise<number[]> {
  const box = page.getByRole('textbox', { name: 'Your message' });
  await box.fill(text);
  await expect(page.getByText(`${text.length}/500`)).toBeVisible();
  const sampling = sampleReply(page, 20_000);
  await page.getByRole('button', { name: 'Send' }).click();
  const { lengths, blocked } = await sampling;
  // While the reply was written the input could not send again: seen on the frames it grew, so a short reply that
  // ends the story (and takes the message box with it) cannot finish before the check.
  expect(blocked).toBe(true);
  await expect(page.getByText('Writing a reply…')).toBeHidden();
  return lengths;
}

test('a phone player opens a demo story from the feed, plays streamed turns, rewinds, restarts and reaches an ending', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByPhone(page.request, '415');

  await openDemoStory(page);
  await expect(page.getByRole('heading', { level: 1, name: STORY })).toBeVisible();
  await expect(page.getByText('AI-generated content')).toBeVisible();
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();

  await expect(log(page)).toBeVisible();
  await expect(log(page)).toContainText("Storm's coming and the lamp has gone dark.");
  await expect(page.getByText('AI-generated content')).toBeVisible();
  await expect(page.getByText('Playing without a model')).toBeVisible();
  const objective = page.getByRole('region', { name: 'Chapter objective' });
  await expect(objective).toContainText('Chapter 1 of 3');
  await expect(objective).toContainText('brass burner');

  // Three turns, each reply streamed word by word.
  for (const text of [CHAPTER_1, 'Ezra, what does the radio say?', 'Maren, is the storm getting worse?']) {
    const lengths = await playTurn(page, text);
    expect(lengths.length, `reply lengths while streaming: ${lengths.join(',')}`).toBeGreaterThanOrEqual(3);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  }
  await expect(myMessages(page)).toHaveCount(3);
  // The first turn met the objective: the director moved to chapter 2.
  await expect(objective).toContainText('Chapter 2 of 3');

  // Rewind the last turn: it leaves the log and its words return to the input.
  const last = myMessages(page).last();
  await last.getByRole('button', { name: /^Rewind to before/ }).click();
  await page
    .getByRole('dialog', { name: 'Rewind to before this message?' })
    .getByRole('button', { name: 'Rewind' })
    .click();
  await expect(myMessages(page)).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(
    'Maren, is the storm getting worse?',
  );

  // Restart: back to the opening and chapter 1.
  await page.getByRole('button', { name: 'Restart' }).click();
  await page
    .getByRole('dialog', { name: 'Restart the story?' })
    .getByRole('button', { name: 'Restart' })
    .click();
  await expect(myMessages(page)).toHaveCount(0);
  await expect(objective).toContainText('Chapter 1 of 3');

  // The objectives' own words carry the offline storyteller through every chapter to the ending.
  await playTurn(page, CHAPTER_1);
  await expect(objective).toContainText('Chapter 2 of 3');
  await playTurn(page, CHAPTER_2);
  await expect(objective).toContainText('Chapter 3 of 3');
  await playTurn(page, CHAPTER_3);
  const ending = page.getByRole('region', { name: 'Happy ending' });
  await expect(ending).toBeVisible();
  await expect(ending).toContainText(
    'The Marigold reaches the harbour safely, and Gullrock burns until dawn.',
  );
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await expect(ending.getByRole('button', { name: 'Play again' })).toBeVisible();

  // Nothing is wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
