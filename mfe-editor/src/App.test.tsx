import { fireEvent, screen, within } from '@testing-library/react';
import { changeLanguage } from 'ui-kit';
import { issueText } from './i18n';
import { describePath } from './lib/paths';
import * as mediaService from './services/media.service';
import * as eventsService from './services/events.service';
import * as storyService from './services/story.service';
import { installFakeShell, renderAt, resetAll } from './testing/render';

jest.mock('./services/story.service');
jest.mock('./services/media.service');
jest.mock('./services/events.service');

beforeEach(() => {
  installFakeShell();
  jest.mocked(storyService.listStories).mockResolvedValue({ stories: [], total: 0, has_more: false, next_offset: 0 });
  jest.mocked(mediaService.dubbingList).mockResolvedValue([]);
  jest.mocked(mediaService.bgmList).mockResolvedValue([]);
  jest.mocked(mediaService.imageStyles).mockResolvedValue([]);
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
    expect(screen.getByRole('heading', { name: 'Chapters (1/100)' }).textContent).toBe('Chapters (1/100)');
    expect(storyService.getStory).not.toHaveBeenCalled();
  });

  it('opens the bot editor with one character and an opening line', async () => {
    renderAt('/editor/bot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create bot' })).toBeTruthy();
    expect(screen.getByLabelText('Opening line')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Allow others to use this character in their stories' })).toBeTruthy();
  });
});

describe('mfe-editor in Simplified Chinese', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('shows My Story and the story editor with the Chinese catalogue', async () => {
    renderAt('/editor/works');
    expect(await screen.findByRole('heading', { level: 1, name: '我的故事' })).toBeTruthy();
    expect(screen.getByText('还没有故事')).toBeTruthy();
    expect(screen.getByRole('link', { name: '创建故事' }).getAttribute('href')).toBe('/editor/story/new');
    expect(screen.getByRole('button', { name: '未通过' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('names the editor sections, fields and buttons in Chinese', async () => {
    renderAt('/editor/story/new');
    expect(await screen.findByRole('heading', { level: 1, name: '故事编辑器' })).toBeTruthy();
    // Full-width brackets follow the word with no space between.
    expect(screen.getByRole('heading', { name: /^章节\s?（1\/100）$/ }).textContent).toBe('章节（1/100）');
    expect(screen.getByRole('textbox', { name: '第 1 章内容' })).toBeTruthy();
    expect(screen.getByLabelText('故事名称')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发布' })).toBeTruthy();
  });

  it('says the shared rules and the field paths in Chinese', () => {
    expect(issueText('Name is required', 'nameRequired')).toBe('名称为必填项');
    expect(issueText('At most 30 characters', 'atMost', { max: 30 })).toBe('最多 30 个字符');
    expect(issueText('Contains a forbidden word: "x"', 'forbiddenWord', { word: 'x' })).toBe('包含违禁词：“x”');
    expect(issueText("Write the bot's opening line", 'botOpeningLine')).toBe('请填写机器人的开场白');
    // An issue without its code (an older api) is still said in Chinese when its English is one of the rules'.
    expect(issueText('Name is required')).toBe('名称为必填项');
    // A reviewer's reason from the server is shown as it came.
    expect(issueText('Violent content')).toBe('Violent content');
    expect(describePath('nodes.1.content')).toBe('第 2 章 内容');
    expect(describePath('story_name')).toBe('故事名称');
    expect(describePath('characters')).toBe('角色');
  });

  it('names the built-in voices in Chinese, and a voice it does not know by the name it came with', async () => {
    jest.mocked(mediaService.dubbingList).mockResolvedValue([
      {
        language: 'English',
        language_key: 'en',
        dubbing_infos: [
          { dubbing: 'en_narrator', dubbing_desc: 'Storyteller', dubbing_audition: '' },
          { dubbing: 'en_new_voice', dubbing_desc: 'Brand new voice', dubbing_audition: '' },
        ],
      },
    ]);
    renderAt('/editor/story/new');
    const narrator = await screen.findByRole('button', { name: /^旁白声音[:：]/ });
    fireEvent.click(narrator);
    const options = within(await screen.findByRole('group', { name: /旁白声音/ }));
    expect(await options.findByRole('radio', { name: '说书人' })).toBeTruthy();
    expect(options.getByRole('radio', { name: 'Brand new voice' })).toBeTruthy();
    expect(options.getByRole('button', { name: '播放 说书人' })).toBeTruthy();
    fireEvent.click(options.getByRole('radio', { name: '说书人' }));
    expect(await screen.findByRole('button', { name: '旁白声音：说书人' })).toBeTruthy();
  });
});
