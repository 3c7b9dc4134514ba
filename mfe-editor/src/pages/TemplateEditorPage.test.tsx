import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TemplateStatus, type TemplateDetail } from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import * as mediaService from '../services/media.service';
import * as templateService from '../services/template.service';
import { resetTemplateStore, useTemplateStore } from '../stores/template/store';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/template.service');
jest.mock('../services/media.service');
const api = jest.mocked(templateService);

// jsdom has no structuredClone; the template's copies are plain JSON.
globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const media = jest.mocked(mediaService);

const PIC = '/api/media/0123456789abcdef01234567';

function detail(): TemplateDetail {
  return {
    template_id: '77',
    name: 'Harbour Ghost',
    emoji: '👻',
    description: 'A ghost in a town you name.',
    category: 'mystery',
    cover: '',
    status: TemplateStatus.Draft,
    stories_made: 0,
    field_count: 1,
    author_name: 'Wren',
    updated_at: '2026-11-20T10:00:00.000Z',
    uid: '1',
    revision: 3,
    is_owner: true,
    fields: [
      { field_id: 'town', name: 'Town', type: 'text', box: 'short', placeholder: 'Port Avery', max_length: 20, is_optional: false, default_value: '', target: null },
    ],
    allow_add_chapters: true,
    allow_add_roles: true,
    app_edit_only: false,
    images: [PIC],
    story: storyContentSchema.parse({
      story_name: 'The ghost of @{field_town}',
      characters: [{ character_id: 'c1', character_name: 'Mara', settings: 'A keeper.', style: '' }],
      prologue: { character_id: 'c1', content: 'Welcome.' },
      nodes: [{ node_id: 'n1', name: 'Arrival', content: 'Meet @{character_c1} in @{field_town}.', ending_content: 'Find her.' }],
    }),
  } as TemplateDetail;
}

beforeEach(() => {
  installFakeShell();
  media.dubbingList.mockResolvedValue([]);
  media.bgmList.mockResolvedValue([{ vid: 'bgm_calm_shore', name: 'Calm shore', music_style: 'calm' }]);
  media.imageStyles.mockResolvedValue([]);
  api.getTemplate.mockResolvedValue(detail());
  api.getImages.mockResolvedValue({ template_id: '77', cover: '', images: [PIC] });
  api.creatorStoryList.mockResolvedValue({ stories: [], total: 0, has_more: false, next_offset: 0 });
  api.saveTemplate.mockResolvedValue({ template_id: '77', revision: 4, status: TemplateStatus.Draft });
});
afterEach(() => {
  resetAll();
  resetTemplateStore();
  jest.resetAllMocks();
});

async function open() {
  renderAt('/editor/template/77');
  return screen.findByRole('region', { name: 'Story skeleton' }, { timeout: 5000 });
}

describe('template editor: the skeleton', () => {
  it("is edited with the story editor's sections; mentions and placed fields show as chips", async () => {
    const skeleton = await open();
    const name = within(skeleton).getByRole('textbox', { name: 'Story name' });
    expect(name.textContent).toBe('The ghost of [Town]');
    const content = within(skeleton).getByRole('textbox', { name: 'Chapter 1 content' });
    expect([...content.querySelectorAll('[data-mention]')].map((c) => c.textContent)).toEqual(['@Mara', '[Town]']);
    expect(within(skeleton).getByRole('article', { name: 'Character 1' })).toBeTruthy();
    expect(within(skeleton).getByRole('button', { name: /^Voice:/ })).toBeTruthy();
    expect(within(skeleton).getByRole('button', { name: /^Narrator voice:/ })).toBeTruthy();

    // Renaming the field renames its chips; the stored text keeps the placeholder.
    const fields = screen.getByRole('region', { name: 'Fields' });
    fireEvent.change(within(fields).getByLabelText('Field name'), { target: { value: 'City' } });
    await waitFor(() => expect(name.textContent).toBe('The ghost of [City]'), { timeout: 5000 });
    expect(useTemplateStore.getState().content.story.story_name).toBe('The ghost of @{field_town}');
  });

  it("places fields in a lorebook entry's keys and content, shown as chips like the other texts", async () => {
    const withLore = detail();
    withLore.story.lorebook = {
      name: '',
      description: '',
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: false,
      entries: [
        {
          entry_id: 'e1',
          name: '',
          keys: ['@{field_town}', 'harbour'],
          secondary_keys: ['ghost of @{field_town}'],
          selective: true,
          selective_logic: 'and_any',
          constant: false,
          content: 'The ghost haunts @{field_town}.',
          insertion_order: 100,
          priority: 10,
          position: 'before_char',
          depth: 0,
          use_regex: false,
          case_sensitive: false,
          enabled: true,
        },
      ],
    };
    api.getTemplate.mockResolvedValue(withLore);
    const skeleton = await open();
    const lore = await within(skeleton).findByRole('region', { name: 'Lorebook' }, { timeout: 5000 });
    fireEvent.click(within(lore).getByRole('button', { name: '[Town], harbour' }));
    const keys = within(lore).getByRole('textbox', { name: 'Keys' });
    expect([...keys.querySelectorAll('[data-mention]')].map((c) => c.textContent)).toEqual(['[Town]']);
    const secondary = within(lore).getByRole('textbox', { name: 'Secondary keys' });
    expect(secondary.textContent).toBe('ghost of [Town]');
    const content = within(lore).getByRole('textbox', { name: 'Content' });
    expect(content.textContent).toBe('The ghost haunts [Town].');
    // Typing @ offers the template's fields (no characters: the lorebook is plain text), placed as the placeholder.
    const text = [...content.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE) as Text;
    text.data += ' Ask in @';
    const range = document.createRange();
    range.setStart(text, text.data.length);
    range.collapse(true);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    fireEvent.input(content);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@[Town]']);
    fireEvent.mouseDown(screen.getByRole('option', { name: '@[Town]' }));
    await waitFor(() =>
      expect(useTemplateStore.getState().content.story.lorebook!.entries[0]!.content).toBe('The ghost haunts @{field_town}. Ask in @{field_town}'),
    );
    expect(useTemplateStore.getState().content.story.lorebook!.entries[0]!.keys).toEqual(['@{field_town}', 'harbour']);
  });

  it('adds and removes chapters and characters in the template it saves', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const skeleton = await open();
      fireEvent.click(within(skeleton).getByRole('button', { name: 'Add chapter at the end' }));
      expect(useTemplateStore.getState().content.story.nodes.map((n) => n.name)).toEqual(['Arrival', '']);
      expect(await within(skeleton).findByRole('article', { name: 'Chapter 2' }, { timeout: 5000 })).toBeTruthy();
      fireEvent.click(within(skeleton).getByRole('button', { name: 'Add character' }));
      expect(useTemplateStore.getState().content.story.characters).toHaveLength(2);
      fireEvent.click(within(skeleton).getByRole('button', { name: 'Remove Mara' }));
      expect(useTemplateStore.getState().content.story.characters.map((c) => c.character_id)).not.toContain('c1');
      // The prologue's speaker was Mara: cleared, as in the story editor.
      expect(useTemplateStore.getState().content.story.prologue.character_id).toBe('');
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      await waitFor(() => expect(api.saveTemplate).toHaveBeenCalled(), { timeout: 5000 });
      const saved = api.saveTemplate.mock.calls.at(-1)![0];
      expect(saved).toMatchObject({ template_id: '77', revision: 3, status: TemplateStatus.Draft });
      expect(saved.story!.nodes).toHaveLength(2);
      expect(saved.story!.characters).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the template's extra pictures and removes one at once", async () => {
    api.updateImages.mockResolvedValue({ template_id: '77', cover: '', images: [] });
    await open();
    const pictures = screen.getByRole('region', { name: 'Pictures' });
    expect(await within(pictures).findByRole('img', { name: 'Picture 1' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(within(pictures).getByRole('button', { name: 'Remove picture 1' }));
    await waitFor(() => expect(api.updateImages).toHaveBeenCalledWith('77', []), { timeout: 5000 });
    expect(await within(pictures).findByText('No pictures yet.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
