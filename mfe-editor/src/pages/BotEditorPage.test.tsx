import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StoryStatus, type StoryReviewResult } from 'shared-kit';
import { changeLanguage } from 'ui-kit';
import * as mediaService from '../services/media.service';
import * as storyService from '../services/story.service';
import * as cardService from '../services/card.service';
import { aStoryDetail, installEditorPage, renderAt, resetAll } from '../testing/render';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
jest.mock('../services/card.service', () => ({ ...jest.requireActual('../services/card.service'), importCard: jest.fn() }));
const cards = jest.mocked(cardService);
const stories = jest.mocked(storyService);
const media = jest.mocked(mediaService);

beforeEach(() => {
  installEditorPage();
  media.dubbingList.mockResolvedValue([
    {
      language: 'English',
      language_key: 'en',
      dubbing_infos: [{ dubbing: 'en_female_calm', dubbing_desc: 'Calm woman', dubbing_audition: '' }],
    },
  ]);
  stories.updatePermission.mockResolvedValue({ character_use: true, thread_share: true });
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

/** A bot as `story/get` returns it. */
function aBot(review: StoryReviewResult | null = null) {
  const detail = aStoryDetail(
    {
      story_gen_type: 'SingleBot',
      story_name: 'Mara',
      image_generate_style: null,
      logo: '/api/media/0123456789abcdef01234567',
      nodes: [],
      player: { character_name: '', settings: '' },
      prologue: { character_id: 'c1', content: 'Tea?' },
      voice_over_dubbing: { dubbing: 'en_female_calm', language: 'en' },
    },
    review ? StoryStatus.Failed : StoryStatus.Draft,
  );
  return { ...detail, review_result: review };
}

describe('bot editor page', () => {
  it('publishes a bot by the bot rules: no chapters, story name or narrator voice asked for', async () => {
    stories.getStory.mockResolvedValue(aBot());
    stories.createStory.mockResolvedValue({ story_id: '42', version_id: '8', status: StoryStatus.ToVerify });
    renderAt('/editor/bot/42');
    expect(await screen.findByRole('heading', { name: 'Edit bot' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Opening line'), { target: { value: 'Ahoy!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(stories.createStory).toHaveBeenCalledTimes(1));
    expect(stories.createStory.mock.calls[0]![0]).toMatchObject({
      story_gen_type: 'SingleBot',
      story_name: 'Mara',
      nodes: [],
      prologue: { character_id: 'c1', content: 'Ahoy!' },
      publish_type: 'Publish',
      version: { version_id: '7' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a bot without a picture before saving and points at the picture', async () => {
    const bot = aBot();
    bot.characters[0]!.character_url = '';
    stories.getStory.mockResolvedValue(bot);
    renderAt('/editor/bot/42');
    await screen.findByRole('heading', { name: 'Edit bot' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Missing info' });
    expect(stories.createStory).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to the first problem' }));
    const picture = screen.getByLabelText('Picture', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(picture));
    expect(picture.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a failed review on the bot's fields", async () => {
    const ok = { is_valid: true, extra: null };
    const bad = { is_valid: false, extra: { simple_reason: { display_reason: 'Sexual content is not allowed' } } };
    stories.getStory.mockResolvedValue(
      aBot({
        characters: [{ character_id: 'c1', img: ok, name: ok, settings: bad, style: ok }],
        nodes: [],
        summary: ok,
        name: ok,
        prologue: ok,
        introduction: ok,
        player: { character_name: ok, settings: ok },
      }),
    );
    renderAt('/editor/bot/42');
    await screen.findByRole('heading', { name: 'Edit bot' });
    const settings = screen.getByLabelText('Settings');
    expect(settings.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Sexual content is not allowed')).toBeTruthy();
  });

  it("says the automated review's reason in Chinese to a Chinese creator", async () => {
    const ok = { is_valid: true, extra: null };
    const bad = { is_valid: false, extra: { simple_reason: { display_reason: 'Sexual content is not allowed' } } };
    const words = { is_valid: false, extra: { simple_reason: { display_reason: 'Contains words that are not allowed, please edit and try again' } } };
    stories.getStory.mockResolvedValue(
      aBot({
        characters: [{ character_id: 'c1', img: ok, name: words, settings: bad, style: ok }],
        nodes: [],
        summary: ok,
        name: ok,
        prologue: ok,
        introduction: ok,
        player: { character_name: ok, settings: ok },
      }),
    );
    await changeLanguage('zh-CN');
    try {
      renderAt('/editor/bot/42');
      expect(await screen.findByText('不允许色情内容')).toBeTruthy();
      expect(screen.getByText('包含不允许使用的词语，请修改后重试')).toBeTruthy();
      expect(screen.queryByText('Sexual content is not allowed')).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });

  it('imports a character card for review, then saves it through the normal save; exports in three formats', async () => {
    stories.getStory.mockResolvedValue(aBot());
    stories.createStory.mockResolvedValue({ story_id: '42', version_id: '8', status: 0 });
    const imported = aBot();
    cards.importCard.mockResolvedValue({
      format: 'png',
      spec: 'chara_card_v3',
      kind: 'character',
      bot: {
        story_gen_type: 'SingleBot',
        nodes: [],
        player: { character_name: '', settings: '' },
        voice_over_dubbing: { dubbing: 'en_female_calm', language: 'en' },
        story_name: 'Aria',
        introduction: 'An archive at night.',
        story_setting_visible: false,
        image_generate_style: null,
        logo: '/api/media/aaaaaaaaaaaaaaaaaaaaaaaa',
        loading_background: '',
        summary: '',
        characters: [{ ...imported.characters[0]!, character_id: 'k9', character_name: 'Aria', settings: 'An archivist.', character_url: '/api/media/aaaaaaaaaaaaaaaaaaaaaaaa', tags: ['runes'], alternate_greetings: ['Hello again.'] }],
        prologue: { character_id: 'k9', content: 'Welcome, @{player}.' },
        lorebook: { name: '', description: '', scan_depth: 4, token_budget: 512, recursive_scanning: false, entries: [] },
      },
      errors: [{ path: 'characters.0.style', type: 2, message: 'At most 300 characters' }],
      notes: ['system_prompt is not used by this product and was not imported'],
      picture: { url: '/api/media/aaaaaaaaaaaaaaaaaaaaaaaa', width: 400, height: 600 },
    });
    renderAt('/editor/bot/42');
    await screen.findByRole('heading', { name: 'Edit bot' });
    const links = within(screen.getByRole('navigation', { name: 'Export card' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      ['png', 'json', 'charx'].map((f) => `/api/editor/card/export?story_id=42&format=${f}`),
    );
    const file = new File(['x'], 'aria.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Import card'), { target: { files: [file] } });
    const review = await screen.findByRole('heading', { name: 'Review the imported card' });
    expect(cards.importCard).toHaveBeenCalledWith(file);
    const panel = review.closest('section')!;
    expect(within(panel).getByText('Hello again.')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toContain('characters.0.style: At most 300 characters');
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this card' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Aria'));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(stories.createStory).toHaveBeenCalledTimes(1));
    expect(stories.createStory.mock.calls[0]![0]).toMatchObject({
      story_name: 'Aria',
      introduction: 'An archive at night.',
      characters: [{ character_id: 'k9', character_name: 'Aria', tags: ['runes'], alternate_greetings: ['Hello again.'] }],
      prologue: { character_id: 'k9', content: 'Welcome, @{player}.' },
      lorebook: { entries: [] },
    });
  });
});
