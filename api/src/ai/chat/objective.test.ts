import { judgeObjective, stepsOf } from './objective';

const CLOCK = 'Open the cuckoo clock and take the silver key hidden inside.';
const TEA = 'Brew jasmine tea and tell Hoshiyo a riddle to earn her trust.';
const CAST = ['Hoshiyo', 'Grandmother Ume', 'Silas Brandt', 'Madame Oriel', 'Sam'];
const met = (objective: string, ...inputs: string[]) => judgeObjective(objective, inputs, CAST).met;

describe('the offline objective judge', () => {
  it('reads an objective into its steps: instructions, other ways to do them, described outcomes', () => {
    expect(stepsOf(CLOCK).map((s) => [s.kind, s.text])).toEqual([
      ['act', 'open the cuckoo clock'],
      ['act', 'take the silver key hidden inside'],
    ]);
    // What follows "so" is why, not what to do.
    expect(stepsOf('Clean the brass burner and fit a new wick so the lamp can burn again.').map((s) => s.text)).toEqual([
      'clean the brass burner',
      'fit a new wick',
    ]);
    // A purpose ("to guide") and a means ("by resetting") are other ways to do the step.
    expect([...stepsOf('Use the radio to guide the Marigold around the reef.')[0]!.acts]).toEqual(['use', 'guid']);
    expect([...stepsOf('Restore the oxygen by resetting the scrubber valve.')[0]!.acts]).toEqual(['fix', 'reset']);
    // Outcomes are steps too; nouns joined by "and" stay in their step.
    expect(stepsOf('Silas confesses, the watch goes home to its owner, and the old debt is forgiven.', CAST).map((s) => s.kind)).toEqual(['outcome', 'outcome', 'outcome']);
    expect(stepsOf('The station hums back to life, and the crew wakes to green leaves and sunlight.')).toHaveLength(2);
  });

  it('takes synonyms and stems of the act and its things', () => {
    expect(met(CLOCK, 'I unlock the clocks and grab the key.')).toBe(true);
    expect(met('Repair the solar mirror so sunlight reaches the garden again.', 'I mend the mirror.')).toBe(true);
    expect(met('Restore the oxygen by resetting the scrubber valve in life support.', 'Rhea and I reboot the scrubber.')).toBe(true);
    expect(met('Use the radio to guide the Marigold around the reef toward the beam.', 'I steer the Marigold past the reef.')).toBe(true);
    expect(met('Clean the brass burner and fit a new wick so the lamp can burn again.', 'I scrub the burner clean.', 'Then I install a fresh wick.')).toBe(true);
  });

  it('takes irregular verb forms', () => {
    expect(met(CLOCK, 'I opened the cuckoo clock.', 'I took the silver key.')).toBe(true);
    expect(met(TEA, 'I brewed the jasmine tea.', 'I told her a riddle about the moon.')).toBe(true);
    expect(met('Show Madame Oriel the silver key and read the pawn ledger.', 'I showed Madame Oriel the key.', 'I read the ledger.')).toBe(true);
    expect(met('Silas confesses, the watch goes home to its owner, and the old debt is forgiven.', 'Silas, you must confess.', 'I brought the watch back to its owner.', 'The old debt is forgiven.')).toBe(true);
  });

  it('needs every step, over the chapter’s messages', () => {
    expect(met(CLOCK, 'I open the cuckoo clock.')).toBe(false);
    expect(judgeObjective(CLOCK, ['I open the cuckoo clock.'], CAST)).toMatchObject({ done: ['open the cuckoo clock'], steps: 2 });
    expect(met(CLOCK, 'I open the cuckoo clock.', 'Hello again.', 'I pocket the key.')).toBe(true);
  });

  it('does not count what the player denies, asks about or asks to be done for them', () => {
    expect(met(CLOCK, "I won't open the cuckoo clock, and I never took the key.")).toBe(false);
    expect(met(CLOCK, "I don't open the clock.", "I didn't take the key.")).toBe(false);
    expect(met(CLOCK, 'Should I open the cuckoo clock?', 'Did you take the silver key?')).toBe(false);
    expect(met(TEA, 'Hoshiyo, tell me about yourself.', 'Show me some tea.')).toBe(false);
    // Naming the things is not doing the act.
    expect(met(CLOCK, 'What a lovely cuckoo clock.', 'The silver key must be somewhere.')).toBe(false);
  });

  it('never moves on after small talk, however long', () => {
    const smallTalk = ['Hello!', 'How are you?', 'Nice weather tonight.', 'What is your name?', 'Tell me about yourself.', 'I like it here.', 'Thank you.', 'Are you cold?', 'Hmm.', 'Goodbye for now.'];
    for (const objective of [CLOCK, TEA, 'Find the keeper.', 'Survive the night.']) {
      expect(met(objective, ...smallTalk, ...smallTalk)).toBe(false);
    }
    expect(met('', 'Anything at all.')).toBe(false);
  });

  it('judges objectives in Chinese by their character pairs, the act first', () => {
    const objective = '打开布谷鸟钟，拿走藏在里面的银钥匙。';
    expect(met(objective, '我打开布谷鸟钟。', '我拿走了银钥匙。')).toBe(true);
    expect(met(objective, '这个布谷鸟钟真漂亮。', '银钥匙在哪里？')).toBe(false);
    expect(met(objective, '我不打开布谷鸟钟，也没拿走银钥匙。')).toBe(false);
  });
});
