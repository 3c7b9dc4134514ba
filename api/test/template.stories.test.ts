import mongoose from 'mongoose';
import {
  ErrorCode,
  StoryStatus,
  TemplateStatus,
  fillTemplate,
  exampleValues,
  validateStory,
  type TemplateDetail,
} from 'shared-kit';
import { seedTemplates } from '../src/seed/templates';
import { Template } from '../src/modules/template/template.model';
import { storyPayload } from './editor.support';
import { templateBody, useTemplateApi } from './support/templates';

const T = '/api/editor/template';

describe('templates: stories made from them, the gallery, images and the demo seeds', () => {
  const ctx = useTemplateApi();

  it('a story made from a template is filled, remembers its template, and is listed for the template author', async () => {
    const id = await ctx.publish();
    const made = await ctx.other.post<{ story_id: string; status: number }>('/api/editor/story/create', {
      template: { template_id: id, values: { place: 'Gullrock', face: '/api/editor/art/keeper.png' } },
    });
    expect(made.body.status_code).toBe(0);
    expect(made.body.data!.status).toBe(StoryStatus.Draft);
    const story = await ctx.other.call<{ story_info: { story_name: string }; nodes: Array<{ content: string }> }>(
      `/api/editor/story/get?story_id=${made.body.data!.story_id}`,
    );
    expect(story.body.data!.story_info.story_name).toBe('The Gullrock Lighthouse');
    expect(story.body.data!.nodes[0]!.content).toContain('You reach Gullrock');
    const bad = await ctx.other.post('/api/editor/story/create', { template: { template_id: id, values: { place: 'x'.repeat(21) } } });
    expect(bad.body.status_code).toBe(ErrorCode.ClientParamError);
    const list = await ctx.author.call<{ stories: Array<{ story_id: string; story_name: string }>; total: number }>(
      `${T}/creator_story_list?template_id=${id}`,
    );
    // Another creator's story is theirs until it passes review: listed without its name, as a Draft.
    expect(list.body.data).toMatchObject({ total: 1, stories: [{ story_id: made.body.data!.story_id, story_name: '', status: StoryStatus.Draft }] });
    expect(JSON.stringify(list.body)).not.toContain('Gullrock');
    const card = await ctx.other.call<{ templates: Array<{ template_id: string; stories_made: number }> }>(`${T}/get_list?count=50`);
    expect(card.body.data!.templates.find((x) => x.template_id === id)?.stories_made).toBe(1);
  });

  it("lorebook entries hold fields in their content and keys, filled in the story made from the template", async () => {
    const base = templateBody();
    const lorebook = {
      entries: [
        { entry_id: 'e1', name: 'The place', keys: ['@{field_place}', 'island'], content: '@{field_place} is a rock where the gulls nest.' },
        { entry_id: 'e2', name: 'Exact', keys: ['^@{field_place}$'], use_regex: true, content: 'Said alone: @{field_place}.' },
      ],
    };
    const id = await ctx.publish({ story: { ...base.story, lorebook } });
    const read = await ctx.author.call<TemplateDetail>(`${T}/get?template_id=${id}`);
    expect(read.body.data!.story.lorebook!.entries[0]!.content).toBe('@{field_place} is a rock where the gulls nest.');
    const preview = await ctx.other.post<{ story: { lorebook: { entries: Array<{ keys: string[]; content: string }> } } }>(`${T}/preview`, {
      template_id: id,
      values: { place: 'Gull (Rock)' },
    });
    expect(preview.body.data!.story.lorebook.entries[0]).toMatchObject({ keys: ['Gull (Rock)', 'island'], content: 'Gull (Rock) is a rock where the gulls nest.' });
    const made = await ctx.other.post<{ story_id: string }>('/api/editor/story/create', { template: { template_id: id, values: { place: 'Gull (Rock)' } } });
    expect(made.body.status_code).toBe(0);
    const story = await ctx.other.call<{ lorebook: { entries: Array<{ keys: string[]; content: string; use_regex: boolean }> } }>(
      `/api/editor/story/get?story_id=${made.body.data!.story_id}`,
    );
    const [place, exact] = story.body.data!.lorebook.entries;
    expect(place).toMatchObject({ keys: ['Gull (Rock)', 'island'], content: 'Gull (Rock) is a rock where the gulls nest.' });
    // A regular-expression key matches the value as written.
    expect(exact).toMatchObject({ keys: ['^Gull \\(Rock\\)$'], use_regex: true, content: 'Said alone: Gull (Rock).' });
    // A field deleted from the template but left in its lorebook is named where it is.
    const stale = await ctx.author.post<{ errors: Array<{ path: string; rule: string }> }>(`${T}/create`, {
      ...templateBody({ status: 'Draft' }),
      story: { ...base.story, lorebook: { entries: [{ entry_id: 'e1', keys: ['@{field_gone}'], content: 'x' }] } },
    });
    expect(stale.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(stale.body.data!.errors.map((e) => `${e.path} ${e.rule}`)).toContain('story.lorebook.entries.0.keys.0 unknown_field');
  });

  it('stories of an app-only template cannot be saved in the web editor (1010502)', async () => {
    const id = await ctx.publish({ app_edit_only: true });
    const made = await ctx.other.post<{ story_id: string; version_id: string }>('/api/editor/story/create', {
      template: { template_id: id, values: { place: 'Gullrock' } },
    });
    expect(made.body.status_code).toBe(0);
    const edit = await ctx.other.post('/api/editor/story/create', {
      ...storyPayload(),
      story_id: made.body.data!.story_id,
      version: { version_id: made.body.data!.version_id },
    });
    expect(edit.body.status_code).toBe(ErrorCode.TemplateNotSupported);
  });

  it('gallery: search, categories and paging over published templates', async () => {
    await ctx.publish({ name: 'Zephyr Heist', category: 'scifi' });
    const found = await ctx.other.call<{ templates: Array<{ name: string; author_name: string }> }>(`${T}/get_list?search=zephyr`);
    expect(found.body.data!.templates.map((x) => x.name)).toEqual(['Zephyr Heist']);
    const scifi = await ctx.other.call<{ templates: Array<{ category: string }> }>(`${T}/get_list?category=scifi`);
    expect(scifi.body.data!.templates.every((x) => x.category === 'scifi')).toBe(true);
    const page = await ctx.other.call<{ templates: unknown[]; has_more: boolean; next_offset: number }>(`${T}/get_list?count=1`);
    expect(page.body.data).toMatchObject({ has_more: true, next_offset: 1 });
    expect(page.body.data!.templates).toHaveLength(1);
  });

  it('images: the author sets cover and pictures, readers get them', async () => {
    const id = await ctx.publish();
    const set = await ctx.author.post(`${T}/update_images`, { template_id: id, cover: '/api/editor/art/cover.png', images: ['/api/editor/art/a.png'] });
    expect(set.body.data).toEqual({ template_id: id, cover: '/api/editor/art/cover.png', images: ['/api/editor/art/a.png'] });
    const got = await ctx.other.call(`${T}/get_images?template_id=${id}`);
    expect(got.body.data).toEqual({ template_id: id, cover: '/api/editor/art/cover.png', images: ['/api/editor/art/a.png'] });
    const tooMany = await ctx.author.post(`${T}/update_images`, { template_id: id, images: Array.from({ length: 7 }, () => '/api/editor/art/a.png') });
    expect(tooMany.body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('seeds three demo templates once; what each makes passes the story publish rules', async () => {
    expect(await seedTemplates(ctx.api.logger, () => ctx.now)).toHaveLength(3);
    expect(await seedTemplates(ctx.api.logger, () => ctx.now)).toEqual([]);
    const seeded = await Template.find({ name: mongoose.trusted({ $in: ['Locked Room Mystery', 'Letters Across the Sea', 'Seven Days Stranded'] }) }).lean();
    expect(seeded).toHaveLength(3);
    for (const tpl of seeded) {
      expect(tpl.status).toBe(TemplateStatus.Published);
      const detail = (await ctx.other.call<TemplateDetail>(`${T}/get?template_id=${tpl.template_id}`)).body.data!;
      const story = fillTemplate(detail, exampleValues(detail.fields));
      expect(validateStory(story, { mode: 'publish' })).toEqual([]);
    }
    ctx.now += 1000;
  });
});
