import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, StoryStatus } from 'shared-kit';
import * as mediaService from '../services/media.service';
import * as eventsService from '../services/events.service';
import * as storyService from '../services/story.service';
import * as cardService from '../services/card.service';
import { useEditorStore } from '../stores/editor/store';
import { aStoryDetail, installFakeShell, renderAt, resetAll, type FakeShell } from '../testing/render';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
jest.mock('../services/card.service', () => ({ ...jest.requireActual('../services/card.service'), importCard: jest.fn() }));
const cards = jest.mocked(cardService);
const stories = jest.mocked(storyService);
const media = jest.mocked(mediaService);
const events = jest.mocked(eventsService);

let shell: FakeShell;
const scrolled: Element[] = [];

beforeEach(() => {
  shell = installFakeShell();
  media.dubbingList.mockResolvedValue([
    {
      language: 'English',
      language_key: 'en',
      dubbing_infos: [
        { dubbing: 'en_female_calm', dubbing_desc: 'Calm woman', dubbing_audition: '/api/editor/audio/voice_en_female_calm.wav' },
      ],
    },
  ]);
  media.bgmList.mockResolvedValue([{ vid: 'bgm_calm_shore', name: 'Calm shore', music_style: 'calm' }]);
  media.imageStyles.mockResolvedValue([{ code: 'anime', name: 'Anime', preview: '', members_only: false }]);
  events.trackEnterEditor.mockResolvedValue(undefined);
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

function description(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

async function openStory(detail = aStoryDetail()) {
  stories.getStory.mockResolvedValue(detail);
  renderAt(`/editor/story/${detail.story_id}`);
  await screen.findByRole('heading', { name: 'Characters' });
}

describe('story editor page', () => {
  it('loads every section of a story and sends the enter event once', async () => {
    await openStory();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mara');
    expect(screen.getByRole('textbox', { name: 'Chapter 1 content' }).textContent).toBe('Find the keeper.');
    expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Harbour lights');
    expect((await screen.findByRole('combobox', { name: 'Speaker' })).textContent).toContain('Mara');
    await waitFor(() => expect(events.trackEnterEditor).toHaveBeenCalledTimes(1));
    expect(events.trackEnterEditor).toHaveBeenCalledWith({
      story_id: '42',
      version_id: '7',
      creation_mode: 'normal',
      entrance: 'url_pc',
      story_status: StoryStatus.Draft,
    });
  });

  it('registers with the leave guard; confirm drops the unsaved state', async () => {
    await openStory();
    const reg = shell.registrations.find((r) => r.id === 'story-editor');
    expect(reg?.modeSwitchPaths).toEqual(['/editor/story-ai']);
    expect(reg?.isDirty()).toBe(false);
    fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Changed' } });
    expect(reg?.isDirty()).toBe(true);
    act(() => reg?.onConfirm());
    expect(useEditorStore.getState().dirty).toBe(false);
    expect(useEditorStore.getState().content.story_name).toBe('');
  });

  it('shows the summary only with more than one chapter', async () => {
    await openStory();
    expect(screen.queryByRole('heading', { name: 'Summary' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add chapter at the end' }));
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Chapter 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add chapter before Chapter 1' }));
    expect(within(screen.getByRole('article', { name: 'Chapter 2' })).getByRole('textbox', { name: 'Chapter 2 content' }).textContent).toBe(
      'Find the keeper.',
    );
  });

  it('publish failure: modal titled by kind, then scroll to and focus the first error in section order', async () => {
    // Errors in characters, prologue and settings at once: characters come first.
    await openStory(aStoryDetail({ story_name: '' }));
    fireEvent.change(screen.getByLabelText('Prologue text'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Missing info' });
    expect(within(dialog).getByText(/3 fields need attention/)).toBeTruthy();
    expect(stories.createStory).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to the first problem' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(scrolled[0]).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toContain('required');
    expect(screen.getByLabelText('Story name').getAttribute('aria-invalid')).toBe('true');

    // Fixing the name clears its error; the next publish goes to the prologue, which comes before settings.
    fireEvent.change(name, { target: { value: 'Mara' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go to the first problem' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prologue text')));
  });

  it('publishing an empty new story lists the character first, unfolds the rest in place and links each to its field', async () => {
    renderAt('/editor/story/new');
    await screen.findByRole('heading', { name: 'Characters' });
    // Nothing is saved yet, and the status line does not pretend otherwise.
    expect(screen.getByText('Saves by itself once you start writing')).toBeTruthy();
    expect(screen.queryByText('All changes saved')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Missing info' });
    expect(within(dialog).getByText('8 fields need attention before publishing.')).toBeTruthy();
    const links = () => within(within(dialog).getByRole('list')).getAllByRole('button').map((b) => b.textContent);
    expect(links()).toEqual([
      'Characters: Add at least one character',
      'Prologue speaker: Choose who speaks the prologue',
      'Prologue: This field is required',
      'Chapter 1 content: This field is required',
      'Chapter 1 ending: The last plot needs an ending',
    ]);
    const fold = within(dialog).getByRole('button', { name: 'Show 3 more' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(fold.textContent).toBe('Show fewer');
    expect(links().slice(5)).toEqual([
      'Narrator voice: Choose the narrator voice',
      'Story name: This field is required',
      'Image style: Choose a drawing style',
    ]);
    // The dialog stays open while unfolding; a problem takes the creator to its own field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Story name: This field is required' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const storyName = screen.getByLabelText('Story name');
    await waitFor(() => expect(document.activeElement).toBe(storyName));
    expect(scrolled.at(-1)).toBe(storyName);

    // With one problem past the first five, all six are listed and nothing is folded.
    fireEvent.change(screen.getByLabelText('Prologue text'), { target: { value: 'The storm is coming.' } });
    fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Harbour lights' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const six = await screen.findByRole('dialog', { name: 'Missing info' });
    expect(within(six).getByText('6 fields need attention before publishing.')).toBeTruthy();
    expect(within(within(six).getByRole('list')).getAllByRole('button')).toHaveLength(6);
    expect(within(six).queryByRole('button', { name: /^Show/ })).toBeNull();
    fireEvent.click(within(six).getByRole('button', { name: 'Go to the first problem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The character problem sits on the Add character button, which it focuses.
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Characters: Add at least one character' }));
    const add = screen.getByRole('button', { name: 'Add character' });
    await waitFor(() => expect(document.activeElement).toBe(add));
    expect(description(add)).toContain('Add at least one character');
    // Adding one clears it.
    fireEvent.click(add);
    expect(screen.queryByText('Add at least one character')).toBeNull();
  });

  it('a limit error is titled "Word or character limit"', async () => {
    await openStory();
    fireEvent.change(screen.getByLabelText('Prologue text'), { target: { value: 'p'.repeat(151) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Word or character limit' });
    // Saving a draft, the dialog speaks of saving (publishing, of publishing).
    expect(within(dialog).getByText('One field needs attention before saving.')).toBeTruthy();
  });

  it('a deleted character mentioned in a chapter is titled "Plot involves deleted character"', async () => {
    const detail = aStoryDetail();
    detail.nodes[0]!.content = 'Ask @{character_gone} about it.';
    await openStory(detail);
    const chip = screen.getByText('@deleted');
    expect(chip.className).toContain('editor-chip--deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('dialog', { name: 'Plot involves deleted character' })).toBeTruthy();
  });

  it('the first save of a new story replaces the URL with its id and toasts', async () => {
    stories.createStory.mockResolvedValue({ story_id: '900', version_id: '1', status: StoryStatus.Draft });
    renderAt('/editor/story/new');
    await screen.findByRole('heading', { name: 'Characters' });
    fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Fresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/editor/story/900'));
    expect(shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Saved successfully' });
    expect(stories.getStory).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Fresh');
  });

  it('a stale save offers to reload the story', async () => {
    await openStory();
    stories.createStory.mockRejectedValue(new ApiError(ErrorCode.ConcurrentOperation, 'changed'));
    fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByText(/changed somewhere else/);
    expect(alert).toBeTruthy();
    stories.getStory.mockResolvedValue(aStoryDetail({ story_name: 'Theirs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload story' }));
    await waitFor(() => expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Theirs'));
  });
});

describe('story editor: work is never lost', () => {
  it('saves the working copy by itself after the last change, without a toast, and says Saved', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const detail = aStoryDetail();
      stories.getStory.mockResolvedValue(detail);
      stories.createStory.mockResolvedValue({ story_id: detail.story_id, version_id: 'v2', status: StoryStatus.Draft });
      renderAt(`/editor/story/${detail.story_id}`);
      await screen.findByRole('heading', { name: 'Characters' });
      fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Harbour lights at dawn' } });
      expect(screen.getByText('Unsaved changes')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      // Kept in the browser before the server has it.
      const kept = JSON.parse(localStorage.getItem(`sv:editor_draft:${detail.story_id}`) ?? 'null') as { content: { story_name: string } };
      expect(kept.content.story_name).toBe('Harbour lights at dawn');
      expect(stories.createStory).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(3000);
      });
      await waitFor(() => expect(stories.createStory).toHaveBeenCalledTimes(1));
      expect(stories.createStory.mock.calls[0]?.[0]).toMatchObject({
        story_name: 'Harbour lights at dawn',
        user_manual_save: false,
        publish_type: 'Draft',
      });
      await screen.findByText(/^Saved just now$/);
      expect(shell.toast).not.toHaveBeenCalled();
      expect(localStorage.getItem(`sv:editor_draft:${detail.story_id}`)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says why an automatic save did not happen, keeps the copy, and offers it back after a reload', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const detail = aStoryDetail();
      stories.getStory.mockResolvedValue(detail);
      stories.createStory.mockRejectedValue(new ApiError(ErrorCode.Internal, 'Server error', undefined));
      const first = renderAt(`/editor/story/${detail.story_id}`);
      await screen.findByRole('heading', { name: 'Characters' });
      fireEvent.change(screen.getByLabelText('Story name'), { target: { value: 'Typed before the crash' } });
      await act(async () => {
        jest.advanceTimersByTime(3500);
      });
      await screen.findByText('Not saved: Server error');
      first.unmount();
      resetEditorStoreOnly();

      renderAt(`/editor/story/${detail.story_id}`);
      await screen.findByText(/This browser kept changes you had not saved/);
      expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Harbour lights');
      fireEvent.click(screen.getByRole('button', { name: 'Restore changes' }));
      expect((screen.getByLabelText('Story name') as HTMLInputElement).value).toBe('Typed before the crash');
      expect(screen.getByText('Unsaved changes')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets the creator discard a kept copy', async () => {
    const detail = aStoryDetail();
    localStorage.setItem(
      `sv:editor_draft:${detail.story_id}`,
      JSON.stringify({ story_id: detail.story_id, base_version_id: 'v1', content: { ...detail.story_info, nodes: [], characters: [] }, permission: { character_use: true, thread_share: true }, saved_at: Date.now() }),
    );
    await openStory(detail);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/This browser kept changes/)).toBeNull();
    expect(localStorage.getItem(`sv:editor_draft:${detail.story_id}`)).toBeNull();
  });
});

function resetEditorStoreOnly(): void {
  useEditorStore.setState({ storyId: null, load: { status: 'idle', error: null }, dirty: false });
}

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
