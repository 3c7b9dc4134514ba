import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StoryStatus, type Lorebook, type LorebookEntry } from 'shared-kit';
import * as storyService from '../services/story.service';
import * as cardService from '../services/card.service';
import { aStoryDetail, installEditorPage, renderAt, resetAll } from '../testing/render';
import { addEntry, emptyLorebook, entryProblems, mergeLorebook, moveEntry, searchEntries, updateEntry } from '../stores/editor/lorebook';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
jest.mock('../services/card.service', () => ({ ...jest.requireActual('../services/card.service'), importLorebookFile: jest.fn() }));
const cards = jest.mocked(cardService);
const stories = jest.mocked(storyService);

beforeEach(() => {
  installEditorPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

const entry = (id: string, keys: string[], content: string, order: number): LorebookEntry => ({
  entry_id: id,
  name: '',
  keys,
  secondary_keys: [],
  selective: false,
  selective_logic: 'and_any',
  constant: false,
  content,
  insertion_order: order,
  priority: 10,
  position: 'before_char',
  depth: 0,
  case_sensitive: false,
  use_regex: false,
  enabled: true,
});

function aBotWith(lorebook?: Lorebook) {
  return aStoryDetail(
    {
      story_gen_type: 'SingleBot',
      story_name: 'Mara',
      image_generate_style: null,
      logo: '/api/media/0123456789abcdef01234567',
      nodes: [],
      player: { character_name: '', settings: '' },
      prologue: { character_id: 'c1', content: 'Tea?' },
      voice_over_dubbing: { dubbing: '', language: '' },
      ...(lorebook ? { lorebook } : {}),
    },
    StoryStatus.Draft,
  );
}

describe('lorebook operations', () => {
  it('adds after the last, moves with the prompt order following the list, searches, merges and finds problems', () => {
    let book: Lorebook = { ...emptyLorebook(), entries: [entry('a', ['moon'], 'Moon.', 10), entry('b', ['sun'], 'Sun.', 20), entry('c', ['sea'], 'Sea.', 30)] };
    const added = addEntry(book);
    expect(added.book.entries[3]!.insertion_order).toBe(40);
    book = moveEntry(book, 'c', 0);
    expect(book.entries.map((e) => [e.entry_id, e.insertion_order])).toEqual([
      ['c', 10],
      ['a', 20],
      ['b', 30],
    ]);
    expect(moveEntry(book, 'c', -5)).toBe(book);
    expect(searchEntries(book, 'SUN').map((e) => e.entry_id)).toEqual(['b']);
    expect(searchEntries(book, 'sea.').map((e) => e.entry_id)).toEqual(['c']);
    const merged = mergeLorebook(book, { ...emptyLorebook(), entries: [entry('a', ['x'], 'X.', 1)] });
    expect(merged.entries).toHaveLength(4);
    expect(merged.entries[3]!.entry_id).not.toBe('a');
    const bad = updateEntry(book, 'a', { use_regex: true, keys: ['/(unclosed/'], depth: 101, content: 'x'.repeat(20_001) }).entries[1]!;
    expect(entryProblems(bad).map((p) => [p.field, p.code])).toEqual([
      ['keys', 'bad_regex'],
      ['content', 'too_long'],
      ['depth', 'range'],
    ]);
    expect(entryProblems({ ...bad, keys: [], use_regex: false, depth: 0, content: '' })).toEqual([{ field: 'keys', code: 'no_keys' }]);
  });
});

describe('lorebook section', () => {
  it('adds, edits, reorders, searches and deletes entries, saved with the bot', async () => {
    stories.getStory.mockResolvedValue(aBotWith({ ...emptyLorebook(), entries: [entry('w1', ['moon'], 'The moon is red.', 10), entry('w2', ['tide'], 'The tide is low.', 20)] }));
    stories.createStory.mockResolvedValue({ story_id: '42', version_id: '8', status: StoryStatus.Draft });
    renderAt('/editor/bot/42');
    const section = await screen.findByRole('region', { name: 'Lorebook' }, { timeout: 5000 });
    const list = within(section).getByRole('list', { name: 'Lorebook entries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(section).getByRole('button', { name: 'Add entry' }));
    const keys = within(section).getByLabelText('Keys');
    fireEvent.change(keys, { target: { value: 'lantern\nlamp' } });
    fireEvent.blur(keys);
    fireEvent.change(within(section).getByLabelText('Content'), { target: { value: 'The lantern is cursed.' } });
    expect(within(section).getByText('22/20000')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    fireEvent.click(within(section).getByRole('button', { name: 'Move “lantern, lamp” up' }));
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-entry-id'))[1]).toMatch(/^w/);
    expect(within(list).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(['moon', 'tide']);

    fireEvent.change(within(section).getByLabelText('Search keys and content'), { target: { value: 'tide' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByText(/1 of 3 entries match/)).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Search keys and content'), { target: { value: '' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Delete “tide”' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(stories.createStory).toHaveBeenCalled());
    const saved = stories.createStory.mock.calls[stories.createStory.mock.calls.length - 1]![0].lorebook!;
    expect(saved.entries!.map((e) => [e.keys, e.content, e.insertion_order])).toEqual([
      [['moon'], 'The moon is red.', 10],
      [['lantern', 'lamp'], 'The lantern is cursed.', 20],
    ]);
  });

  it('shows problems inline, and imports a lorebook file after the entries', async () => {
    stories.getStory.mockResolvedValue(aBotWith());
    cards.importLorebookFile.mockResolvedValue({ lorebook: { ...emptyLorebook('Runes'), entries: [entry('r1', ['rune'], 'Runes glow.', 5)] }, notes: ['a note'] });
    renderAt('/editor/bot/42');
    const section = await screen.findByRole('region', { name: 'Lorebook' }, { timeout: 5000 });
    expect(within(section).getByText('No entries yet: add one, or import a lorebook file.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Add entry' }));
    expect(within(section).getByText('Add a key, or make the entry constant')).toBeTruthy();
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Keys are regular expressions' }));
    fireEvent.change(within(section).getByLabelText('Keys'), { target: { value: '/(oops/' } });
    expect(within(section).getByText('“/(oops/” is not a usable regular expression')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Scan depth (recent messages searched for keys)'), { target: { value: '500' } });
    expect(within(section).getByText('A whole number from 1 to 100')).toBeTruthy();

    const file = new File(['{}'], 'book.json', { type: 'application/json' });
    fireEvent.change(within(section).getByLabelText('Import lorebook'), { target: { files: [file] } });
    await waitFor(() => expect(within(section).getAllByRole('listitem').filter((li) => li.hasAttribute('data-entry-id'))).toHaveLength(2));
    expect(within(section).getByText('a note')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Lorebook JSON' }).getAttribute('href')).toBe('/api/editor/lorebook/export?story_id=42');
  });
});
