import {
  characterMention,
  displayLength,
  hasDeletedMention,
  mentionedCharacterIds,
  parseMentions,
  renderMentions,
  splitMentions,
  stripSpacesAroundMentions,
  type MentionNames,
} from './mentions';

const names: MentionNames = {
  player: 'Alex',
  allCharacters: 'Everyone',
  characters: { '1': 'Mira', '2': 'Old Tom' },
};

describe('mentions', () => {
  const text = 'Hi @{player}, @{character_1} and @{character_3} wait. @{allCharacters}!';

  it('parses the three kinds and leaves malformed ones as text', () => {
    const ms = parseMentions(`${text} @{character_} @{nobody}`);
    expect(ms.map((m) => m.kind)).toEqual(['player', 'character', 'character', 'allCharacters']);
    expect(ms[1]?.id).toBe('1');
    expect(ms[1]?.index).toBe(text.indexOf('@{character_1}'));
    expect(mentionedCharacterIds(`${text} ${characterMention(1)}`)).toEqual(['1', '3']);
  });

  it('splits into text and mention segments that rebuild the text', () => {
    const segs = splitMentions(text);
    expect(segs.map((s) => (s.type === 'text' ? s.text : s.raw)).join('')).toBe(text);
    expect(segs.filter((s) => s.type === 'mention')).toHaveLength(4);
  });

  it('renders display names, with a deleted tag for missing characters', () => {
    expect(renderMentions(text, names)).toBe('Hi @Alex, @Mira and @[Deleted] wait. @Everyone!');
    expect(renderMentions('@{character_9}', { ...names, deletedTag: '(deleted)' })).toBe('@(deleted)');
  });

  it('counts mentions by displayed-name length', () => {
    // 'Hi ' 3 + 'Alex' 4 = 7; placeholder is 9 characters long.
    expect(displayLength('Hi @{player}', names)).toBe(7);
    expect(displayLength('@{character_2}', names)).toBe('Old Tom'.length);
    expect(displayLength('😀', names)).toBe(1);
  });

  it('detects mentions of deleted characters', () => {
    expect(hasDeletedMention(text, ['1', '2'])).toBe(true);
    expect(hasDeletedMention(text, [1, 2, 3])).toBe(false);
  });

  it('strips spaces around mentions but keeps line breaks', () => {
    expect(stripSpacesAroundMentions('Hi  @{player} , go')).toBe('Hi@{player}, go');
    expect(stripSpacesAroundMentions('a\n@{character_1}\nb')).toBe('a\n@{character_1}\nb');
    expect(stripSpacesAroundMentions('@ {player} stays')).toBe('@ {player} stays');
  });
});
