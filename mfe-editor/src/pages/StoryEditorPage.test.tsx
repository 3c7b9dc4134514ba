import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, StoryStatus } from 'shared-kit';
import * as eventsService from '../services/events.service';
import * as storyService from '../services/story.service';
import { useEditorStore } from '../stores/editor/store';
import { aStoryDetail, renderAt } from '../testing/render';
import { description, openStory, setUpStoryEditorPage } from '../testing/storyEditorPage';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
const stories = jest.mocked(storyService);
const events = jest.mocked(eventsService);

const page = setUpStoryEditorPage();

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
    const reg = page.shell.registrations.find((r) => r.id === 'story-editor');
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
    expect(page.scrolled[0]).toBe(name);
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
    expect(page.scrolled.at(-1)).toBe(storyName);

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
    expect(page.shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Saved successfully' });
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
      expect(page.shell.toast).not.toHaveBeenCalled();
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
