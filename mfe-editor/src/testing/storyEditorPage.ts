import { screen } from '@testing-library/react';
import * as eventsService from '../services/events.service';
import * as mediaService from '../services/media.service';
import * as storyService from '../services/story.service';
import { aStoryDetail, installFakeShell, renderAt, resetAll, type FakeShell } from './render';

/** What a story editor page test sees of its surroundings. */
export interface StoryEditorPageHarness {
  /** The fake shell of the running test (its leave guard registrations, its toasts). */
  readonly shell: FakeShell;
  /** The elements scrolled into view, in order. */
  readonly scrolled: Element[];
}

/**
 * The story editor page's tests' common set-up, before and after each test: a fake shell, one voice, one piece of
 * music and one drawing style, an enter event that succeeds, and scrolling recorded. The test file mocks the story,
 * media and events services.
 */
export function setUpStoryEditorPage(): StoryEditorPageHarness {
  let shell: FakeShell | null = null;
  const scrolled: Element[] = [];
  beforeEach(() => {
    shell = installFakeShell();
    const media = jest.mocked(mediaService);
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
    jest.mocked(eventsService).trackEnterEditor.mockResolvedValue(undefined);
    scrolled.length = 0;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    resetAll();
    jest.resetAllMocks();
  });
  return {
    get shell() {
      if (!shell) throw new Error('the fake shell is installed before each test');
      return shell;
    },
    scrolled,
  };
}

/** Opens the story editor on the story and waits for its first section. */
export async function openStory(detail = aStoryDetail()): Promise<void> {
  jest.mocked(storyService).getStory.mockResolvedValue(detail);
  renderAt(`/editor/story/${detail.story_id}`);
  await screen.findByRole('heading', { name: 'Characters' });
}

/** The texts an element is described by (its hint and its error). */
export function description(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}
