import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, ErrorCode, LIMITS, PlanStatus, StoryStatus, type PushHandler, type StoryDetail } from 'shared-kit';
import { storyDetailSchema } from 'shared-kit/schemas';
import { i18n } from 'ui-kit';
import App from './App';
import { BRAINSTORM_NS } from './i18n';
import * as service from './services/brainstorm.service';
import { IDEA_DRAFT_KEY, resetBrainstormStore } from './stores/brainstorm';

jest.mock('./services/brainstorm.service');
const api = jest.mocked(service);

const handlers: PushHandler[] = [];
jest.mock('shared-kit', () => {
  const actual = jest.requireActual('shared-kit');
  return {
    ...actual,
    createSocketClient: () => ({
      on: (_type: string, handler: PushHandler) => {
        handlers.push(handler);
        return () => handlers.splice(handlers.indexOf(handler), 1);
      },
      connect: () => undefined,
      close: () => undefined,
      connected: true,
    }),
  };
});

beforeAll(async () => {
  await i18n.loadNamespaces(BRAINSTORM_NS);
});

function Probe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/editor/story-ai/*" element={<App />} />
      </Routes>
      <Probe />
    </MemoryRouter>,
  );
}

function aStory(status: number, overrides: Partial<StoryDetail> = {}): StoryDetail {
  const done = status !== StoryStatus.AIGenDoing && status !== StoryStatus.Draft;
  return storyDetailSchema.parse({
    story_id: '1001',
    story_info: {
      story_name: done ? 'Mara and the Message' : '',
      introduction: 'A keeper finds a message.',
      status,
      creator_status: 'Draft',
      display_status: 'Draft',
      image_generate_style: { code: 'anime' },
      brain_storm_idea: 'A lighthouse keeper named Mara finds a message.',
      story_gen_type: 'AI',
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'English' },
      fail_msg: status === StoryStatus.Failed ? { code: 9001, msg: 'Content violation, edit and retry' } : null,
      generate_logo_image_error: false,
      logo_character_id: '',
      logo_node_id: '',
      story_setting_visible: false,
    },
    logo: '',
    loading_background: '',
    version: { version_id: '2001' },
    characters: done
      ? [{ character_id: 'c1', character_name: 'Mara', settings: 'The keeper.', style: '', character_url: '', dubbing_show: { dubbing: 'en_female_calm', language: 'English' }, type: 'NPC' }]
      : [],
    nodes: done
      ? [{ node_id: 'n1', node_type: 'Simple', name: 'Lighthouse', content: 'Mara waits.', ending_content: 'Ask Mara about the message.', end_visible: true, background_url: '', bgm_info: null, image_generate_style: { code: 'anime' } }]
      : [],
    prologue: { character_id: done ? 'c1' : '', content: done ? 'You came.' : '' },
    player: { character_name: '', settings: '' },
    summary: '',
    review_result: null,
    plan_info: { estimated_time: status === StoryStatus.AIGenDoing ? 300 : 0, duration: 10, estimated_pieces: 7 },
    plan: status === StoryStatus.AIGenDoing ? { plan_id: '3001', status: PlanStatus.StoryGenerating, percent: 12 } : null,
    permission: { character_use: true, thread_share: true },
    ...overrides,
  });
}

beforeEach(() => {
  api.fetchStyles.mockResolvedValue([{ code: 'anime', name: 'Anime', preview: '', members_only: false }]);
  api.fetchQuota.mockResolvedValue({ count: 0, remain: 10, total: 10, max: 10 });
  api.fetchPlan.mockImplementation(() => new Promise(() => undefined));
  api.markPlanRead.mockResolvedValue({});
});
afterEach(() => {
  resetBrainstormStore();
  localStorage.clear();
  handlers.length = 0;
  jest.resetAllMocks();
});

describe('brainstorm', () => {
  it("names the drawing styles in the UI language, and a style it does not know by the api's name", async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(BRAINSTORM_NS);
    try {
      const first = renderAt('/editor/story-ai');
      const style = await screen.findByRole('combobox', { name: '绘画风格' });
      await waitFor(() => expect(style.textContent).toContain('动漫'));
      expect(style.textContent).not.toContain('Anime');
      first.unmount();
      resetBrainstormStore();
      api.fetchStyles.mockResolvedValue([{ code: 'pixel', name: 'Pixel art', preview: '', members_only: false }]);
      renderAt('/editor/story-ai');
      const unknown = await screen.findByRole('combobox', { name: '绘画风格' });
      await waitFor(() => expect(unknown.textContent).toContain('Pixel art'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('keeps a new idea through a reload until it is sent, then forgets it', async () => {
    api.startGeneration.mockResolvedValue({
      story_id: '1001',
      version_id: '2001',
      status: StoryStatus.AIGenDoing,
      plan_generate: { plan_id: '3001', pieces_enough: true, balance_pieces: 9, total_pieces: 10, estimated_pieces: 7 },
    });
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenDoing));
    const first = renderAt('/editor/story-ai');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Story idea' }), { target: { value: 'A baker who tastes memories in bread.' } });
    // A reload: a new page with a fresh store.
    first.unmount();
    resetBrainstormStore();
    renderAt('/editor/story-ai');
    const idea = await screen.findByRole('textbox', { name: 'Story idea' });
    await waitFor(() => expect((idea as HTMLTextAreaElement).value).toBe('A baker who tastes memories in bread.'));
    await waitFor(() => expect(screen.getByText('Intelligent generations left today: 10 of 10')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));
    expect(await screen.findByRole('heading', { name: 'Creating your story' })).toBeTruthy();
    expect(api.startGeneration).toHaveBeenCalledWith(expect.objectContaining({ idea: 'A baker who tastes memories in bread.' }));
    expect(localStorage.getItem(IDEA_DRAFT_KEY)).toBeNull();
  });

  it('turns an idea into a story: edit, creating with a live percent, result', async () => {
    api.startGeneration.mockResolvedValue({
      story_id: '1001',
      version_id: '2001',
      status: StoryStatus.AIGenDoing,
      plan_generate: { plan_id: '3001', pieces_enough: true, balance_pieces: 9, total_pieces: 10, estimated_pieces: 7 },
    });
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenDoing));
    renderAt('/editor/story-ai');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create with AI' })).toBeTruthy();
    const idea = screen.getByRole('textbox', { name: 'Story idea' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));
    expect(await screen.findByText('Write your idea first')).toBeTruthy();
    fireEvent.change(idea, { target: { value: 'A lighthouse keeper named Mara finds a message.' } });
    await waitFor(() => expect(screen.getByText('Intelligent generations left today: 10 of 10')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));

    expect(await screen.findByRole('heading', { name: 'Creating your story' })).toBeTruthy();
    expect(api.startGeneration).toHaveBeenCalledWith(expect.objectContaining({ idea: 'A lighthouse keeper named Mara finds a message.', style: 'anime' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/editor/story-ai/1001'));
    await waitFor(() => expect(handlers.length).toBeGreaterThan(0));
    act(() => handlers.forEach((h) => h({ push_type: 'Plan', plan_push_msg: { story_id: '1001', plan_id: '3001', status: PlanStatus.ImageGenerating, percent: 70 } } as never, 'push')));
    expect(screen.getByTestId('plan-percent').textContent).toBe('70%');
    expect(screen.getByText(/Drawing the pictures/)).toBeTruthy();

    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenSuccess));
    act(() => handlers.forEach((h) => h({ push_type: 'Plan', plan_push_msg: { story_id: '1001', plan_id: '3001', status: PlanStatus.Success, percent: 100 } } as never, 'push')));
    expect(await screen.findByRole('heading', { name: 'Mara and the Message' })).toBeTruthy();
    expect(screen.getByText('Objective: Ask Mara about the message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit in the story editor' }).getAttribute('href')).toBe('/editor/story/1001');
    expect(api.markPlanRead).toHaveBeenCalledWith('3001');
  });

  it('a Generate pressed before the drawing styles arrive waits for them and starts the story with the default style', async () => {
    let styles: (value: Awaited<ReturnType<typeof service.fetchStyles>>) => void = () => undefined;
    api.fetchStyles.mockReturnValue(new Promise((resolve) => (styles = resolve)));
    api.startGeneration.mockResolvedValue({
      story_id: '1001',
      version_id: '2001',
      status: StoryStatus.AIGenDoing,
      plan_generate: { plan_id: '3001', pieces_enough: true, balance_pieces: 9, total_pieces: 10, estimated_pieces: 7 },
    });
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenDoing));
    renderAt('/editor/story-ai');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Story idea' }), { target: { value: 'A smuggler named Iris.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));
    // Waiting for the styles is not a refusal: no error, nothing sent yet.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate story' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('combobox', { name: 'Drawing style' }).getAttribute('aria-invalid')).toBeNull();
    expect(api.startGeneration).not.toHaveBeenCalled();
    act(() => styles([{ code: 'anime', name: 'Anime', preview: '', members_only: false }]));
    expect(await screen.findByRole('heading', { name: 'Creating your story' })).toBeTruthy();
    expect(api.startGeneration).toHaveBeenCalledWith(expect.objectContaining({ idea: 'A smuggler named Iris.', style: 'anime' }));
  });

  it('says when the drawing styles could not be loaded, and Generate loads them again and goes on', async () => {
    api.fetchStyles.mockRejectedValueOnce(new Error('offline'));
    api.startGeneration.mockResolvedValue({
      story_id: '1001',
      version_id: '2001',
      status: StoryStatus.AIGenDoing,
      plan_generate: { plan_id: '3001', pieces_enough: true, balance_pieces: 9, total_pieces: 10, estimated_pieces: 7 },
    });
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenDoing));
    renderAt('/editor/story-ai');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Story idea' }), { target: { value: 'A smuggler named Iris.' } });
    expect(await screen.findByText('The drawing styles could not be loaded. Press Generate story to try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));
    expect(await screen.findByRole('heading', { name: 'Creating your story' })).toBeTruthy();
    expect(api.fetchStyles).toHaveBeenCalledTimes(2);
    expect(api.startGeneration).toHaveBeenCalledWith(expect.objectContaining({ style: 'anime' }));
  });

  it.each([
    [StoryStatus.Draft, 'Your idea', null],
    [StoryStatus.Failed, 'Your idea', 'This idea could not be used: Content violation, edit and retry'],
    [StoryStatus.AIGenDoing, 'Creating your story', null],
    [StoryStatus.AIGenSuccess, 'Mara and the Message', null],
    [StoryStatus.AIGenFailed, 'Mara and the Message', null],
  ])('opens a story with status %s at its step', async (status, heading, error) => {
    api.fetchStory.mockResolvedValue(aStory(status));
    renderAt('/editor/story-ai/1001');
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    if (error) expect(screen.getByRole('alert').textContent).toBe(error);
    const current = screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe(status === StoryStatus.AIGenDoing ? 'Creating' : heading === 'Your idea' ? 'Your idea' : 'Result');
  });

  it('says which character was left without a picture because no drawing showed a face', async () => {
    const plan = { plan_id: '3001', status: PlanStatus.Success, percent: 100 };
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenSuccess, { plan: { ...plan, missing_pictures: [{ character_id: 'c1', code: ErrorCode.FaceNotRecognized, msg: 'No face detected' }] } }));
    const { unmount } = renderAt('/editor/story-ai/1001');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mara and the Message' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'No face was found in the pictures drawn for Mara: add a picture showing the face in the editor before publishing.',
    );
    unmount();
    resetBrainstormStore();
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenSuccess, { plan: { ...plan, missing_pictures: [] } }));
    renderAt('/editor/story-ai/1001');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mara and the Message' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('after publishing, says the story is being reviewed and takes the creator on to My Story', async () => {
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenSuccess));
    api.publishStory.mockResolvedValue(undefined as never);
    renderAt('/editor/story-ai/1001');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mara and the Message' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to My Story' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const onward = await screen.findByRole('link', { name: 'Go to My Story' });
    expect(onward.getAttribute('href')).toBe('/editor/works');
    await waitFor(() => expect(document.activeElement).toBe(onward));
    expect(screen.getByRole('status').textContent).toBe('Published: the story is being reviewed. My Story shows when the review is done.');
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('a refused publish says the story could not be published, not that the generation failed', async () => {
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenSuccess));
    api.publishStory.mockRejectedValue(new ApiError(ErrorCode.InvalidParam, 'Add a picture'));
    renderAt('/editor/story-ai/1001');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mara and the Message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The story could not be published: .+\. Open it in the story editor to see what needs fixing\.$/);
    expect(alert.textContent).not.toContain('generation failed');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit in the story editor' })).toBeTruthy();
  });

  it('shows minutes left from the estimate minus the time taken', async () => {
    api.fetchStory.mockResolvedValue(aStory(StoryStatus.AIGenDoing, { plan_info: { estimated_time: 300, duration: 10, estimated_pieces: 7 } }));
    renderAt('/editor/story-ai/1001');
    expect(await screen.findByText(/About 5 minutes left/)).toBeTruthy();
    expect(screen.getByTestId('plan-percent').textContent).toBe('12%');
  });

  it('cuts a paste to the clipboard limit with a toast', async () => {
    renderAt('/editor/story-ai');
    const idea = await screen.findByRole('textbox', { name: 'Story idea' });
    const text = 'y'.repeat(LIMITS.clipboardPaste + 50);
    fireEvent.paste(idea, { clipboardData: { getData: () => text } });
    await waitFor(() => expect((idea as HTMLTextAreaElement).value.length).toBe(LIMITS.clipboardPaste));
  });

  it('says how many generations a day are allowed when the quota is spent (4001)', async () => {
    api.startGeneration.mockRejectedValue(new ApiError(ErrorCode.NoQuota, 'no quota', { count: 10, remain: 0, total: 10, max: 10 }));
    renderAt('/editor/story-ai');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Story idea' }), { target: { value: 'An idea' } });
    await waitFor(() => expect(screen.getByText('Intelligent generations left today: 10 of 10')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Generate story' }));
    expect(await screen.findByText('You can use at most 10 intelligent generations a day. Try again tomorrow.')).toBeTruthy();
  });
});
