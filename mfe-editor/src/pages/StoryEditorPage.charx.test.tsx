import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StoryStatus } from 'shared-kit';
import * as cardService from '../services/card.service';
import * as storyService from '../services/story.service';
import { useEditorStore } from '../stores/editor/store';
import { renderAt } from '../testing/render';
import { openStory, setUpStoryEditorPage } from '../testing/storyEditorPage';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
jest.mock('../services/card.service', () => ({ ...jest.requireActual('../services/card.service'), importCard: jest.fn() }));
const cards = jest.mocked(cardService);
const stories = jest.mocked(storyService);

setUpStoryEditorPage();

describe('story editor: a whole story imported from CHARX', () => {
  const person = (id: string, name: string, settings: string, url: string) => ({
    character_id: id,
    character_name: name,
    settings,
    style: '',
    character_url: url,
    dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    type: 'NPC' as const,
    alternate_greetings: [] as string[],
    tags: [] as string[],
    creator_notes: '',
  });
  const whole = (): cardService.ImportedCard => ({
    format: 'charx',
    spec: 'chara_card_v3',
    kind: 'story',
    bot: {
      story_gen_type: 'UserDefined',
      story_name: 'Harbour of Three',
      introduction: 'Three friends: @{character_c1}, @{character_h2} and @{character_h3}.',
      story_setting_visible: false,
      image_generate_style: null,
      logo: '/api/media/cccccccccccccccccccccccc',
      loading_background: '',
      characters: [
        person('c1', 'Kai', 'Friend of @{character_h2}.', '/api/media/aaaaaaaaaaaaaaaaaaaaaaa1'),
        person('h2', 'Lin', 'Keeps the harbour with @{character_c1}.', '/api/media/aaaaaaaaaaaaaaaaaaaaaaa2'),
        person('h3', 'Mo', 'z'.repeat(2100), '/api/media/aaaaaaaaaaaaaaaaaaaaaaa3'),
      ],
      player: { character_name: 'Sam', settings: '' },
      prologue: { character_id: 'c1', content: 'Welcome, @{player}.' },
      nodes: [],
      summary: 'How @{character_h3} kept the lamp lit.',
      voice_over_dubbing: { dubbing: 'en_female_calm', language: 'en' },
      lorebook: { name: 'Harbour', description: '', scan_depth: 4, token_budget: 512, recursive_scanning: false, entries: [] },
    },
    errors: [{ path: 'characters.2.settings', type: 2, message: 'At most 2000 characters' }],
    notes: [],
    picture: { url: '/api/media/cccccccccccccccccccccccc', width: 600, height: 400 },
  });

  async function importWhole(): Promise<HTMLElement> {
    cards.importCard.mockResolvedValue(whole());
    const file = new File(['x'], 'harbour.charx', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('Import card'), { target: { files: [file] } });
    const review = await screen.findByRole('heading', { name: 'Review the imported story' });
    return review.closest('section')!;
  }

  it('lists every character with its picture for review, then a new story takes them all and saves them', async () => {
    stories.createStory.mockResolvedValue({ story_id: '901', version_id: '1', status: StoryStatus.Draft });
    renderAt('/editor/story/new');
    await screen.findByRole('heading', { name: 'Characters' });
    const panel = await importWhole();
    const list = within(panel).getByRole('list', { name: 'Characters (3)' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Kai', 'Lin', 'Mo']);
    expect(within(list).getByRole('img', { name: 'Picture of Lin' }).getAttribute('src')).toBe('/api/media/aaaaaaaaaaaaaaaaaaaaaaa2');
    expect(within(panel).getByText('Harbour of Three')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toContain('characters.2.settings: At most 2000 characters');
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this card' }));
    await waitFor(() => expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Harbour of Three'));
    // Mo's settings are over the limit: the save stops on the usual inline error until they are shortened.
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Word or character limit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to the first problem' }));
    expect(useEditorStore.getState().errors).toHaveProperty(['characters.h3.settings']);
    expect(stories.createStory).not.toHaveBeenCalled();
    act(() => useEditorStore.getState().updateCharacter('h3', { settings: 'The lamp keeper.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(stories.createStory).toHaveBeenCalled());
    const sent = stories.createStory.mock.calls[0]![0];
    expect((sent.characters ?? []).map((c) => [c.character_id, c.character_name])).toEqual([['c1', 'Kai'], ['h2', 'Lin'], ['h3', 'Mo']]);
    expect(sent).toMatchObject({
      story_name: 'Harbour of Three',
      summary: 'How @{character_h3} kept the lamp lit.',
      logo: '/api/media/cccccccccccccccccccccccc',
      prologue: { character_id: 'c1', content: 'Welcome, @{player}.' },
      lorebook: { name: 'Harbour' },
    });
    expect(sent.nodes).toHaveLength(1);
  });

  it("adds them beside a story's own characters, renaming a taken id and its mentions, keeping the story's texts", async () => {
    await openStory();
    const panel = await importWhole();
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this card' }));
    await waitFor(() => expect(useEditorStore.getState().content.characters).toHaveLength(4));
    const c = useEditorStore.getState().content;
    const kai = c.characters[1]!;
    expect(c.characters.map((x) => x.character_name)).toEqual(['Mara', 'Kai', 'Lin', 'Mo']);
    expect(c.characters[0]!.character_id).toBe('c1');
    expect(kai.character_id).not.toBe('c1');
    expect(c.story_name).toBe('Harbour lights');
    expect(c.introduction).toBe('A night at the harbour.');
    expect(c.prologue).toEqual({ character_id: 'c1', content: 'The storm is coming.' });
    expect(c.summary).toBe('How @{character_h3} kept the lamp lit.');
    expect(c.characters[2]!.settings).toBe(`Keeps the harbour with @{character_${kai.character_id}}.`);
    expect(kai.settings).toBe('Friend of @{character_h2}.');
  });
});
