import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppealStatus, StoryStatus, type StoryAppeal } from 'shared-kit';
import * as storyService from '../services/story.service';
import { aStoryDetail, installEditorPage, renderAt, resetAll } from '../testing/render';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
const stories = jest.mocked(storyService);

function anAppeal(storyId: string, over: Partial<StoryAppeal> = {}): StoryAppeal {
  return {
    appeal_id: 'a1',
    kind: 'Story',
    story_id: storyId,
    version_id: 'v1',
    uid: 'u1',
    story_name: 'Harbour lights',
    text: 'It is fine',
    reasons: ['summary: Too dark'],
    status: AppealStatus.Pending,
    at: '2026-11-25T10:00:00.000Z',
    decided_at: null,
    decided_by: '',
    reason: '',
    ...over,
  };
}

beforeEach(() => {
  installEditorPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

async function openRejected(status: number = StoryStatus.Failed) {
  const detail = aStoryDetail({}, status);
  stories.getStory.mockResolvedValue(detail);
  renderAt(`/editor/story/${detail.story_id}`);
  await screen.findByRole('heading', { name: 'Characters' });
  return detail.story_id;
}

describe('appeal of a rejected story', () => {
  it('opens a dialog with a counted text, sends the appeal once and shows it waiting', async () => {
    stories.getAppeal.mockImplementation(async (id) => ({ story_id: id, can_appeal: true, appeal: null }));
    stories.sendAppeal.mockImplementation(async (id, text) => anAppeal(id, { text }));
    const id = await openRejected();
    fireEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal the rejection' });
    const send = within(dialog).getByRole('button', { name: 'Send appeal' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const box = within(dialog).getByLabelText('Why the decision should change');
    fireEvent.change(box, { target: { value: 'Zorblax is my own word' } });
    expect(within(dialog).getByText('22/500')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Zorblax is my own word ' } });
    fireEvent.click(send);
    expect(await screen.findByText('Your appeal is waiting for an operator. Editing the story cancels it.')).toBeTruthy();
    expect(stories.sendAppeal).toHaveBeenCalledTimes(1);
    expect(stories.sendAppeal).toHaveBeenCalledWith(id, 'Zorblax is my own word');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('keeps the dialog open with the reason when the appeal is refused', async () => {
    stories.getAppeal.mockImplementation(async (id) => ({ story_id: id, can_appeal: true, appeal: null }));
    stories.sendAppeal.mockRejectedValue(new Error('Already done'));
    await openRejected();
    fireEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Why the decision should change'), { target: { value: 'Please' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The appeal could not be sent');
  });

  it('shows a decided appeal: not approved with its reason, and no way to appeal again', async () => {
    stories.getAppeal.mockImplementation(async (id) => ({
      story_id: id,
      can_appeal: false,
      appeal: anAppeal(id, { status: AppealStatus.Rejected, reason: 'Still too dark' }),
    }));
    await openRejected();
    expect(await screen.findByText('Your appeal was not approved: Still too dark. This version cannot be appealed again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('shows nothing when the story cannot be appealed (edited, or not rejected by an operator)', async () => {
    stories.getAppeal.mockImplementation(async (id) => ({ story_id: id, can_appeal: false, appeal: null }));
    await openRejected();
    await waitFor(() => expect(stories.getAppeal).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Appeal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('does not ask about a draft', async () => {
    await openRejected(StoryStatus.Draft);
    expect(stories.getAppeal).not.toHaveBeenCalled();
  });
});
