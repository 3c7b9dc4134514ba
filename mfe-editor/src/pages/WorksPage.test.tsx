import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CreatorStoryStatus, StoryStatus } from 'shared-kit';
import type { StoryListItem } from '../api/types';
import * as storyService from '../services/story.service';
import { REVIEW_POLL_MS } from '../stores/works/store';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/story.service');
const service = jest.mocked(storyService);

function item(overrides: Partial<StoryListItem> = {}): StoryListItem {
  return {
    story_id: '1',
    story_name: 'Harbour lights',
    logo: '',
    status: StoryStatus.Draft,
    creator_status: CreatorStoryStatus.Draft,
    display_status: 'Draft',
    story_gen_type: 'UserDefined',
    version_id: '1',
    is_top: false,
    updated_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    created_at: new Date().toISOString(),
    ...overrides,
  };
}
const list = (stories: StoryListItem[]) => ({ stories, total: stories.length, has_more: false, next_offset: stories.length });

beforeEach(() => installFakeShell());
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
  jest.useRealTimers();
});

describe('My Story', () => {
  it('shows the empty state and the create link', async () => {
    service.listStories.mockResolvedValue(list([]));
    renderAt('/editor/works');
    expect(await screen.findByText('No stories yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create story' }).getAttribute('href')).toBe('/editor/story/new');
  });

  it('lists cards with status and updated time, and edits a bot in the bot editor', async () => {
    service.listStories.mockResolvedValue(list([item(), item({ story_id: '2', story_name: 'Otto', story_gen_type: 'SingleBot' })]));
    renderAt('/editor/works');
    const card = await screen.findByRole('listitem', { name: 'Harbour lights' });
    expect(within(card).getByText('Draft')).toBeTruthy();
    expect(within(card).getByText('Updated 2 hours ago')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit Harbour lights' }).getAttribute('href')).toBe('/editor/story/1');
    expect(screen.getByRole('link', { name: 'Edit Otto' }).getAttribute('href')).toBe('/editor/bot/2');
  });

  it('filters by status', async () => {
    service.listStories.mockResolvedValue(list([item()]));
    renderAt('/editor/works');
    await screen.findByRole('listitem', { name: 'Harbour lights' });
    service.listStories.mockResolvedValue(list([]));
    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));
    expect(await screen.findByText('No failed stories')).toBeTruthy();
    expect(service.listStories).toHaveBeenLastCalledWith({ offset: 0, count: 50, status: 'Failed' });
  });

  it('deletes only after confirming', async () => {
    service.listStories.mockResolvedValue(list([item()]));
    service.deleteStory.mockResolvedValue(undefined);
    renderAt('/editor/works');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harbour lights' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete "Harbour lights"?' })).getByRole('button', { name: 'Cancel' }));
    expect(service.deleteStory).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbour lights' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Harbour lights' })).toBeNull());
    expect(service.deleteStory).toHaveBeenCalledWith('1');
  });

  it('pins to top and reloads the order', async () => {
    service.listStories.mockResolvedValue(list([item()]));
    service.setTop.mockResolvedValue(undefined);
    renderAt('/editor/works');
    fireEvent.click(await screen.findByRole('button', { name: 'Pin to top: Harbour lights' }));
    await waitFor(() => expect(service.setTop).toHaveBeenCalledWith('1', true));
    expect(service.listStories).toHaveBeenCalledTimes(2);
  });

  it('polls every 3 s while a story is verifying, and stops once none is', async () => {
    jest.useFakeTimers();
    const verifying = item({ status: StoryStatus.ToVerify, creator_status: CreatorStoryStatus.Verifying });
    service.listStories.mockResolvedValue(list([verifying]));
    renderAt('/editor/works');
    await act(async () => {
      await Promise.resolve();
    });
    expect(within(screen.getByRole('listitem', { name: 'Harbour lights' })).getByText('Verifying')).toBeTruthy();
    expect(service.listStories).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(REVIEW_POLL_MS);
    });
    expect(service.listStories).toHaveBeenCalledTimes(2);
    service.listStories.mockResolvedValue(list([item({ status: StoryStatus.Passed, creator_status: CreatorStoryStatus.Passed })]));
    await act(async () => {
      jest.advanceTimersByTime(REVIEW_POLL_MS);
    });
    expect(within(screen.getByRole('listitem', { name: 'Harbour lights' })).getByText('Passed')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(REVIEW_POLL_MS * 3);
    });
    expect(service.listStories).toHaveBeenCalledTimes(3);
  });
});
