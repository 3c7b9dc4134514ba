import type { JSX } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { creatorStatusOf, DisplayStatus, resetStores, StoryStatus, type StoryContent } from 'shared-kit';
import { storyDetailSchema } from 'shared-kit/schemas';
import App from '../App';
import type { StoryDetail } from '../api/types';
import * as eventsService from '../services/events.service';
import * as mediaService from '../services/media.service';
import { resetEditorStores } from '../stores';
import type { LeaveGuardRegistration, ShellGlobal } from 'shared-kit';

function LocationProbe(): JSX.Element {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The remote as the shell mounts it: under `/editor/*` of the host's router. */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/editor/*" element={<App />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export interface FakeShell {
  toast: jest.Mock;
  navigate: jest.Mock;
  reactToApiError: jest.Mock;
  registrations: LeaveGuardRegistration[];
}

/** A stand-in for `window.__SHELL__` that records what the remote asked of it. */
export function installFakeShell(): FakeShell {
  const registrations: LeaveGuardRegistration[] = [];
  const fake: FakeShell = { toast: jest.fn(() => true), navigate: jest.fn(), reactToApiError: jest.fn(() => false), registrations };
  const shell: ShellGlobal = {
    version: 1,
    leaveGuard: {
      register: (r) => {
        registrations.push(r);
        return () => {
          const i = registrations.indexOf(r);
          if (i >= 0) registrations.splice(i, 1);
        };
      },
      unregister: () => undefined,
    },
    toast: fake.toast,
    reactToApiError: fake.reactToApiError,
    navigate: fake.navigate,
  };
  window.__SHELL__ = shell;
  return fake;
}

/**
 * An editor page's start in a test: the fake shell, no voices, music or picture styles, entering the editor tracked
 * and scrolling a no-op. The test file mocks the media and events services; it may give other lists afterwards.
 */
export function installEditorPage(): FakeShell {
  const shell = installFakeShell();
  jest.mocked(mediaService).dubbingList.mockResolvedValue([]);
  jest.mocked(mediaService).bgmList.mockResolvedValue([]);
  jest.mocked(mediaService).imageStyles.mockResolvedValue([]);
  jest.mocked(eventsService).trackEnterEditor.mockResolvedValue(undefined);
  Element.prototype.scrollIntoView = () => undefined;
  return shell;
}

export function resetAll(): void {
  delete window.__SHELL__;
  resetEditorStores();
  resetStores();
  // Copies of unsaved work kept by the editors (and anything else the product stored) do not leak between tests.
  localStorage.clear();
}

/** A story as `story/get` returns it, complete enough to publish. */
export function aStoryDetail(overrides: Partial<StoryContent> = {}, status: number = StoryStatus.Draft): StoryDetail {
  const content: StoryContent = {
    story_gen_type: 'UserDefined',
    story_name: 'Harbour lights',
    introduction: 'A night at the harbour.',
    story_setting_visible: false,
    image_generate_style: { code: 'anime' },
    logo: '',
    loading_background: '',
    characters: [
      {
        character_id: 'c1',
        character_name: 'Mara',
        settings: 'A lighthouse keeper.',
        style: '',
        character_url: '/api/media/0123456789abcdef01234567',
        dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
        type: 'NPC',
      },
    ],
    player: { character_name: 'Sam', settings: '' },
    prologue: { character_id: 'c1', content: 'The storm is coming.' },
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: '',
        content: 'Find the keeper.',
        ending_content: 'The light is lit.',
        end_visible: false,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
    summary: '',
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
    ...overrides,
  } as StoryContent;
  // Built through the contract the api is tested against, so the editor's tests see what the api sends.
  return storyDetailSchema.parse({
    story_id: '42',
    story_info: {
      story_name: content.story_name,
      introduction: content.introduction,
      status,
      creator_status: creatorStatusOf(status),
      display_status: DisplayStatus.Draft,
      image_generate_style: content.image_generate_style,
      brain_storm_idea: '',
      story_gen_type: content.story_gen_type,
      voice_over_dubbing: content.voice_over_dubbing,
      fail_msg: null,
      generate_logo_image_error: false,
      logo_character_id: '',
      logo_node_id: '',
      story_setting_visible: content.story_setting_visible,
    },
    logo: content.logo,
    loading_background: content.loading_background,
    version: { version_id: '7' },
    characters: content.characters,
    nodes: content.nodes,
    prologue: content.prologue,
    player: content.player,
    summary: content.summary,
    ...(content.lorebook ? { lorebook: content.lorebook } : {}),
    review_result: null,
    plan_info: { estimated_time: 0, duration: 0, estimated_pieces: 0 },
    permission: { character_use: true, thread_share: true },
  });
}
