import type { TemplateCard, TemplateDetail } from 'shared-kit';
import type { TemplateRecord } from './template.model';

export function presentCard(t: TemplateRecord, authorName: string): TemplateCard {
  return {
    template_id: t.template_id,
    name: t.name,
    emoji: t.emoji,
    description: t.description,
    category: t.category,
    cover: t.cover,
    status: t.status,
    stories_made: t.stories_made,
    field_count: t.fields.length,
    author_name: authorName,
    updated_at: new Date(t.updated_at).toISOString(),
  };
}

export function presentDetail(t: TemplateRecord, authorName: string, viewerUid: string): TemplateDetail {
  return {
    ...presentCard(t, authorName),
    uid: t.uid,
    revision: t.revision,
    is_owner: t.uid === viewerUid,
    fields: t.fields.map((f) => ({
      field_id: f.field_id,
      name: f.name,
      type: f.type,
      box: f.box,
      placeholder: f.placeholder,
      max_length: f.max_length,
      is_optional: f.is_optional,
      default_value: f.default_value,
      target: f.target ? { kind: f.target.kind, id: f.target.id } : null,
    })),
    allow_add_chapters: t.allow_add_chapters,
    allow_add_roles: t.allow_add_roles,
    app_edit_only: t.app_edit_only,
    images: t.images,
    story: t.story,
  };
}
