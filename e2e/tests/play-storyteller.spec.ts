import { expect, test } from '@playwright/test';
import { logRows, openDemoPlay, sendTurn, storyLog as log } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/**
 * Ten turns of small talk in the demo story's first chapter (clean the brass burner and fit a new wick). Some speak
 * of the burner and the wick without doing anything to them: asking, denying, admiring. None of it is the act.
 */
const SMALL_TALK = [
  'Good evening, Maren.',
  'How long have you kept this lighthouse?',
  'That brass burner looks filthy.',
  'Should I clean the burner first?',
  'I will not touch the wick yet.',
  'What is your name, really?',
  'The wind sounds angry tonight.',
  'Is there a spare wick somewhere?',
  'Thank you for waiting up for me.',
  'Tell me about yourself.',
];

/** What the chapter asks, said the way a player would: other words for the acts, the things by name. */
const THE_ACT = 'I scrub the brass burner and thread a new wick into it.';

/** Runs of three words of a text, lower-cased: a reply holding one would be quoting the player. */
function runsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.slice(0, -2).map((w, i) => `${w} ${words[i + 1]} ${words[i + 2]}`);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('the offline storyteller keeps ten turns of small talk in chapter 1 with ten new replies, and moves on when the player does what the objective asks', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await signInByPhone(page.request, size.name === 'phone' ? '747' : '748');
      await openDemoPlay(page);
      const objective = page.getByRole('region', { name: 'Chapter objective' });
      await expect(objective).toContainText('Chapter 1 of 3');
      await expect(page.getByText('Playing without a model')).toBeVisible();

      for (const text of SMALL_TALK) {
        await sendTurn(page, text);
        await expect(objective, `after "${text}"`).toContainText('Chapter 1 of 3');
      }

      // The opening line, then one reply a turn: ten different replies, none quoting the player.
      const replies = (await logRows(page)).flatMap((row) => (row.bubble === null ? [] : [row.bubble])).slice(1);
      expect(replies).toHaveLength(SMALL_TALK.length);
      expect(new Set(replies).size).toBe(SMALL_TALK.length);
      for (const [i, reply] of replies.entries()) {
        for (const run of runsOf(SMALL_TALK[i]!)) expect(reply.toLowerCase(), `reply to "${SMALL_TALK[i]}"`).not.toContain(run);
        // Whole sentences; nothing from a later chapter (the Marigold, the radio call) or the ending.
        for (const sentence of reply.split(/(?<=[.!?])\s+/)) expect(sentence).toMatch(/^[A-Z"'].*[.!?"']$/);
        expect(reply).not.toMatch(/Marigold|harbour|crackles|until dawn/i);
      }

      await sendTurn(page, THE_ACT);
      await expect(objective).toContainText('Chapter 2 of 3');
      await expect(log(page).getByText('Chapter 2', { exact: true })).toBeVisible();
    });
  });
}
