import { lorebookSchema, type LorebookInput } from 'shared-kit/schemas';
import { countTokens } from '../../ai/chat/tokenizer';
import { decoratorsOf, selectWorldInfo } from './lorebook.select';

const book = (input: LorebookInput) => lorebookSchema.parse(input);
const entry = (id: string, keys: string[], content: string, more: Record<string, unknown> = {}) => ({ entry_id: id, keys, content, ...more });

describe('world info selection', () => {
  it('adds entries whose keys appear in the newest scan-depth messages, case-insensitively by default', () => {
    const b = book({ scan_depth: 2, entries: [entry('a', ['Moon'], 'The moon is red.'), entry('b', ['sun'], 'The sun never sets.')] });
    expect(selectWorldInfo(b, ['we saw the sun', 'hello', 'the MOON rises']).before).toBe('The moon is red.');
    // "sun" is three messages back: outside a scan depth of 2.
    expect(selectWorldInfo(b, ['we saw the sun', 'hello', 'the MOON rises']).entryIds).toEqual(['a']);
    expect(selectWorldInfo(b, ['nothing here']).entryIds).toEqual([]);
  });

  it('honours case sensitivity, constants and the enabled flag', () => {
    const b = book({
      scan_depth: 1,
      entries: [
        entry('cs', ['Moon'], 'case', { case_sensitive: true }),
        entry('always', [], 'always', { constant: true }),
        entry('off', ['moon'], 'off', { enabled: false, constant: true }),
        entry('empty', ['moon'], '   '),
      ],
    });
    expect(selectWorldInfo(b, ['sun', 'x', 'the moon']).entryIds.sort()).toEqual(['always']);
    expect(selectWorldInfo(b, ['the Moon']).entryIds.sort()).toEqual(['always', 'cs']);
  });

  it("scans the lorebook's scan depth for every entry; an entry's depth is where it goes in the conversation", () => {
    const b = book({
      scan_depth: 2,
      entries: [
        entry('deep', ['sun'], 'The sun is old.', { position: 'at_depth', depth: 3 }),
        entry('near', ['moon'], 'The moon is near.', { position: 'at_depth', depth: 0, insertion_order: 2 }),
        entry('near2', ['moon'], 'Stars too.', { position: 'at_depth', depth: 0, insertion_order: 1 }),
        entry('top', ['moon'], 'Top.'),
      ],
    });
    // "sun" is three messages back: outside the scan depth, whatever the entry's depth.
    const w = selectWorldInfo(b, ['sun', 'x', 'the moon']);
    expect(w.entryIds.sort()).toEqual(['near', 'near2', 'top']);
    expect(w.atDepth).toEqual([{ depth: 0, text: 'Stars too.\n\nThe moon is near.' }]);
    expect(w.before).toBe('Top.');
    expect(selectWorldInfo(b, ['x', 'sun']).atDepth).toEqual([{ depth: 3, text: 'The sun is old.' }]);
  });

  it('reads regular-expression keys, and stops a catastrophic one in time', () => {
    const b = book({
      entries: [
        entry('re', ['/dragons?\\b/'], 'Dragons sleep.', { use_regex: true }),
        entry('flags', ['/^KING$/m'], 'The king.', { use_regex: true, case_sensitive: true }),
        entry('bare', ['wol(f|ves)'], 'Wolves howl.', { use_regex: true }),
        entry('cs', ['Owl'], 'Owls watch.', { use_regex: true, case_sensitive: true }),
        entry('bad', ['/([a-z/'], 'never', { use_regex: true }),
        entry('plain', ['wolf(ves)?'], 'literal', {}),
      ],
    });
    expect(selectWorldInfo(b, ['A DRAGON flew']).entryIds).toEqual(['re']);
    expect(selectWorldInfo(b, ['hail\nKING\nnow']).entryIds).toEqual(['flags']);
    expect(selectWorldInfo(b, ['king']).entryIds).toEqual([]);
    expect(selectWorldInfo(b, ['the wolves', 'an owl']).entryIds).toEqual(['bare']);
    expect(selectWorldInfo(b, ['an Owl', 'wolf(ves)?']).entryIds.sort()).toEqual(['bare', 'cs', 'plain']);
    const evil = book({ entries: [entry('evil', ['/^(a+)+$/'], 'evil', { use_regex: true }), entry('ok', ['aaa'], 'ok')] });
    const started = Date.now();
    expect(selectWorldInfo(evil, [`${'a'.repeat(40)}b`]).entryIds).toEqual(['ok']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('leaves the decorator lines an entry opens with out of the prompt', () => {
    const b = book({ entries: [entry('d', ['moon'], '@@depth 4\n@@@instruct_depth 4\nThe moon is red.')] });
    expect(selectWorldInfo(b, ['moon']).before).toBe('The moon is red.');
  });

  it('applies selective logic to the secondary keys', () => {
    const mk = (logic: string) =>
      book({ entries: [entry('e', ['castle'], 'x', { selective: true, selective_logic: logic, secondary_keys: ['king', 'queen'] })] });
    const hit = (logic: string, text: string) => selectWorldInfo(mk(logic), [text]).entryIds.length === 1;
    expect([hit('and_any', 'castle king'), hit('and_any', 'castle')]).toEqual([true, false]);
    expect([hit('and_all', 'castle king queen'), hit('and_all', 'castle king')]).toEqual([true, false]);
    expect([hit('not_any', 'castle'), hit('not_any', 'castle queen')]).toEqual([true, false]);
    expect([hit('not_all', 'castle king'), hit('not_all', 'castle king queen')]).toEqual([true, false]);
    // Without `selective` the secondary keys are not asked.
    expect(selectWorldInfo(book({ entries: [entry('e', ['castle'], 'x', { secondary_keys: ['king'] })] }), ['castle']).entryIds).toEqual(['e']);
  });

  it('keeps the highest priority within the token budget, then orders by insertion order and position', () => {
    const long = 'word '.repeat(40).trim();
    const b = book({
      token_budget: countTokens(long) + countTokens('short one') + 1,
      entries: [
        entry('low', ['k'], long + ' low', { priority: 1, insertion_order: 0 }),
        entry('high', ['k'], long, { priority: 50, insertion_order: 9 }),
        entry('small', ['k'], 'short one', { priority: 5, insertion_order: 3, position: 'after_char' }),
      ],
    });
    const w = selectWorldInfo(b, ['k']);
    expect(w.entryIds).toEqual(['small', 'high']);
    expect(w.before).toBe(long);
    expect(w.after).toBe('short one');
    expect(w.tokens).toBeLessThanOrEqual(b.token_budget);
  });

  it('scans matched content again with recursive scanning, and maps texts for the model', () => {
    const entries = [entry('a', ['ship'], 'The ship sails to @{character_c1} island.'), entry('b', ['island'], 'The island hides gold.')];
    expect(selectWorldInfo(book({ entries }), ['a ship']).entryIds).toEqual(['a']);
    const w = selectWorldInfo(book({ recursive_scanning: true, entries }), ['a ship'], (s) => s.replace('@{character_c1}', "Mira's"));
    expect(w.entryIds).toEqual(['a', 'b']);
    expect(w.before).toBe("The ship sails to Mira's island.\n\nThe island hides gold.");
  });

  it('obeys @@is_greeting: an entry matches only in a play opened with that greeting, and the line stays out of the prompt', () => {
    const b = book({
      entries: [
        entry('g0', [], '@@is_greeting 0\nThe tea is green.', { constant: true }),
        entry('g2', ['kettle'], '@@is_greeting 2\n@@unknown_thing yes\nThe kettle hums.'),
        entry('any', ['kettle'], 'Salt in the air.'),
        entry('fb', [], '@@some_other_app 1\n@@@is_greeting 1\nFallback one.', { constant: true }),
      ],
    });
    const ids = (greeting: number | undefined) => selectWorldInfo(b, ['the kettle'], (s) => s, { greeting }).entryIds.sort();
    expect(ids(0)).toEqual(['any', 'g0']);
    expect(ids(1)).toEqual(['any', 'fb']);
    expect(ids(2)).toEqual(['any', 'g2']);
    expect(ids(3)).toEqual(['any']);
    // No greeting known (a story with no opening line): the decorator is ignored, as the specification asks.
    expect(ids(undefined)).toEqual(['any', 'fb', 'g0', 'g2']);
    const w = selectWorldInfo(b, ['the kettle'], (s) => s, { greeting: 2 });
    expect(w.before).toBe('The kettle hums.\n\nSalt in the air.');
    expect(w.before).not.toContain('@@');
  });

  it('reads decorators as the V3 specification writes them: the first of a name, fallbacks only for an unknown one', () => {
    expect(decoratorsOf('@@is_greeting 2\n@@is_greeting 5\ntext')).toEqual({ isGreeting: 2 });
    expect(decoratorsOf('@@is_greeting 2\n@@@is_greeting 5\ntext')).toEqual({ isGreeting: 2 });
    expect(decoratorsOf('@@x_app 4\n@@@other 1\n@@@is_greeting 3\ntext')).toEqual({ isGreeting: 3 });
    expect(decoratorsOf('@@is_greeting two\n@@@is_greeting 1\ntext')).toEqual({ isGreeting: 1 });
    expect(decoratorsOf('@@is_greeting -1\ntext')).toEqual({});
    expect(decoratorsOf('text\n@@is_greeting 1')).toEqual({});
    expect(decoratorsOf('@@is_greeting 1\r\ntext')).toEqual({ isGreeting: 1 });
  });
});
