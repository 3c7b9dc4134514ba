import { screen } from '@testing-library/react';
import * as catalogService from './services/catalog.service';
import * as eventsService from './services/events.service';
import * as storyService from './services/story.service';
import { installFakeShell, renderAt, resetAll } from './testing/render';

jest.mock('./services/story.service');
jest.mock('./services/catalog.service');
jest.mock('./services/events.service');

beforeEach(() => {
  installFakeShell();
  jest.mocked(storyService.listStories).mockResolvedValue({ stories: [], total: 0, has_more: false, next_offset: 0 });
  jest.mocked(catalogService.dubbingList).mockResolvedValue([]);
  jest.mocked(catalogService.bgmList).mockResolvedValue([]);
  jest.mocked(catalogService.imageStyles).mockResolvedValue([]);
  jest.mocked(eventsService.trackEnterEditor).mockResolvedValue(undefined);
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('mfe-editor App', () => {
  it('sends the remote root to the works list, mounted under the shell', async () => {
    const { container } = renderAt('/editor/');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Story' })).toBeTruthy();
    expect(container.querySelector('[data-remote="mfe_editor"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Create story' }).getAttribute('href')).toBe('/editor/story/new');
  });

  it('opens the story editor for "new" and "0" without loading anything', async () => {
    renderAt('/editor/story/0');
    expect(await screen.findByRole('heading', { level: 1, name: 'Story editor' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chapters (1/100)' })).toBeTruthy();
    expect(storyService.getStory).not.toHaveBeenCalled();
  });

  it('opens the bot editor with one character and an opening line', async () => {
    renderAt('/editor/bot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create bot' })).toBeTruthy();
    expect(screen.getByLabelText('Opening line')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Allow others to use this character in their stories' })).toBeTruthy();
  });
});
