import mongoose from 'mongoose';
import {
  OpsPermission,
  PublishType,
  StoryGenType,
  StoryStatus,
  TemplateStatus,
  UserRole,
  fillTemplate,
  validateTemplate,
  validateTemplateValues,
  type StoryContent,
  type StoryCreateResponse,
  type TemplateContent,
  type TemplateCreateRequest,
  type TemplateValues,
  type TemplateWhiteList,
} from 'shared-kit';
import { storyCreateSchema } from 'shared-kit/schemas';
import { AppError } from '../../lib/errors';
import { ErrorCode, TemplateFieldType, ValidationErrorType } from 'shared-kit';
import { writeAudit } from '../staff';
import { saveStory, type EditorDeps } from '../editor';
import { liveStoryViews, storiesById } from '../stories';
import { isKnownVid } from '../voice';
import { newNumericId } from '../../lib/ids';
import { accountNamed, usersByUid, type UserDoc } from '../users';
import { appEditOnly, staleTemplate, templateForbidden, templateInvalid, templateNotExist } from './template.errors';
import { Template, TemplateStory, TemplateWhiteList as WhiteList, type TemplateRecord, type TemplateStoryRecord } from './template.model';
import { presentCard, presentDetail } from './template.presenter';

type Caller = Pick<UserDoc, 'uid' | 'roles'> & { permissions?: string[] };

/** An operator who may read and change any creator's template: the content operator permission (or admin). */
const isOperator = (user: Caller): boolean =>
  user.roles.includes(UserRole.Operator) && (user.permissions ?? []).some((p) => p === OpsPermission.ContentOperator || p === OpsPermission.Admin);

/** An operator's read or change of another creator's template is audited (`template.<action>`). */
async function auditOthers(user: Caller, t: Pick<TemplateRecord, 'template_id' | 'uid'>, action: string, before?: unknown, after?: unknown): Promise<void> {
  if (t.uid === user.uid) return;
  await writeAudit({ operator_uid: user.uid, action: `template.${action}`, target_type: 'template', target_id: t.template_id, before, after, at: new Date() });
}

/** `template/white_list`: whether the caller may make and publish templates (whitelisted creators and operators). */
export async function whiteListOf(user: Caller): Promise<TemplateWhiteList> {
  const listed = (await WhiteList.exists({ uid: user.uid })) !== null;
  const operator = isOperator(user);
  return { in_white_list: listed, is_operator: operator, can_publish: listed || operator };
}

/** The account named by its uid or its User ID (any case); 1009 (record not found) when there is none. */
async function whiteListAccount(who: string): Promise<{ uid: string; nickname: string; username?: string | null }> {
  const u = await accountNamed(who, ['uid', 'nickname', 'username']);
  if (!u) throw new AppError(ErrorCode.RecordNotFound, 'No such user');
  return u;
}

/**
 * Puts a creator (by uid or User ID) on the template whitelist or takes them off it; every change is audited with
 * the state before and after. Taking someone off leaves their templates as they are (they can no longer change them).
 */
export async function setWhiteList(who: string, allow: boolean, by: string, now: number) {
  const u = await whiteListAccount(who);
  const before = (await WhiteList.exists({ uid: u.uid })) !== null;
  if (allow) await WhiteList.updateOne({ uid: u.uid }, { $setOnInsert: { uid: u.uid, added_by: by } }, { upsert: true });
  else await WhiteList.deleteOne({ uid: u.uid });
  if (before !== allow) {
    await writeAudit({
      operator_uid: by,
      action: allow ? 'template.white_list.add' : 'template.white_list.remove',
      target_type: 'user',
      target_id: u.uid,
      before: { in_white_list: before },
      after: { in_white_list: allow },
      at: new Date(now),
    });
  }
  return { uid: u.uid, nickname: u.nickname, username: u.username ?? '', in_white_list: allow };
}

/** The console's whitelist: each creator on it, newest first, with who added them. */
export async function listWhiteList() {
  const rows = await WhiteList.find({}, { uid: 1, added_by: 1, created_at: 1 })
    .sort({ created_at: -1, _id: -1 })
    .limit(500)
    .lean<Array<{ uid: string; added_by: string; created_at: Date }>>();
  const byUid = await usersByUid(
    rows.flatMap((r) => [r.uid, r.added_by]),
    ['nickname', 'username'],
  );
  return {
    list: rows.map((r) => ({
      uid: r.uid,
      nickname: byUid.get(r.uid)?.nickname ?? '',
      username: byUid.get(r.uid)?.username ?? '',
      added_by: r.added_by,
      added_by_name: byUid.get(r.added_by)?.nickname ?? '',
      added_at: new Date(r.created_at).toISOString(),
    })),
  };
}

async function requireTemplateAuthor(user: Caller): Promise<void> {
  if (!(await whiteListOf(user)).can_publish) throw templateForbidden();
}

async function authorNames(uids: string[]): Promise<Map<string, string>> {
  const users = await usersByUid(uids, ['nickname']);
  return new Map([...users.values()].map((u) => [u.uid, u.nickname]));
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const searchTextOf = (t: Pick<TemplateContent, 'name' | 'description'>): string =>
  `${t.name}\n${t.description}`.toLowerCase();

export interface ListQuery {
  search?: string;
  category?: string;
  scope: 'published' | 'mine';
  offset: number;
  count: number;
}

/** The gallery (published templates, most used first) or the caller's own templates (latest edited first). */
export async function listTemplates(user: Caller, q: ListQuery) {
  const filter: Record<string, unknown> =
    q.scope === 'mine' ? { uid: user.uid } : { status: TemplateStatus.Published };
  if (q.category) filter.category = q.category;
  const search = q.search?.trim().toLowerCase();
  if (search) filter.search_text = mongoose.trusted({ $regex: escapeRegex(search) });
  const sort: Record<string, 1 | -1> =
    q.scope === 'mine' ? { updated_at: -1, template_id: -1 } : { stories_made: -1, published_at: -1, template_id: -1 };
  const [rows, total] = await Promise.all([
    Template.find(filter, { story: 0 }).sort(sort).skip(q.offset).limit(q.count).lean<TemplateRecord[]>(),
    Template.countDocuments(filter),
  ]);
  const names = await authorNames(rows.map((r) => r.uid));
  return {
    templates: rows.map((r) => presentCard(r, names.get(r.uid) ?? '')),
    total,
    has_more: q.offset + rows.length < total,
    next_offset: q.offset + rows.length,
  };
}

/** A template the caller may read: a published one, or any of their own (operators read every one). */
async function readable(user: Caller, templateId: string): Promise<TemplateRecord> {
  const t = await Template.findOne({ template_id: templateId }).lean<TemplateRecord>();
  if (!t) throw templateNotExist();
  if (t.status !== TemplateStatus.Published && t.uid !== user.uid) {
    if (!isOperator(user)) throw templateNotExist();
    await auditOthers(user, t, 'read');
  }
  return t;
}

export async function getTemplate(user: Caller, templateId: string) {
  const t = await readable(user, templateId);
  const names = await authorNames([t.uid]);
  return presentDetail(t, names.get(t.uid) ?? '', user.uid);
}

/** Spec section 3: Draft -> Published -> Offline, and an offline template may be published again or reworked. */
const NEXT: Record<TemplateStatus, TemplateStatus[]> = {
  [TemplateStatus.Draft]: [TemplateStatus.Draft, TemplateStatus.Published],
  [TemplateStatus.Published]: [TemplateStatus.Published, TemplateStatus.Offline],
  [TemplateStatus.Offline]: [TemplateStatus.Offline, TemplateStatus.Published, TemplateStatus.Draft],
};

function contentOf(input: TemplateCreateRequest): TemplateContent {
  return {
    name: input.name,
    emoji: input.emoji,
    description: input.description,
    category: input.category,
    cover: input.cover,
    fields: input.fields,
    allow_add_chapters: input.allow_add_chapters,
    allow_add_roles: input.allow_add_roles,
    app_edit_only: input.app_edit_only,
    story: input.story,
  };
}

/**
 * `template/create`: a new template, or a save of one the caller owns (operators may save any, to take it offline)
 * from the revision it was loaded at. Published templates are checked by every rule; drafts by the limits.
 */
export async function saveTemplate(user: Caller, input: TemplateCreateRequest, now: number) {
  await requireTemplateAuthor(user);
  const existing = input.template_id ? await Template.findOne({ template_id: input.template_id }).lean<TemplateRecord>() : null;
  if (input.template_id && !existing) throw templateNotExist();
  if (existing && existing.uid !== user.uid && !isOperator(user)) throw templateForbidden();
  const from = existing?.status ?? TemplateStatus.Draft;
  if (!NEXT[from].includes(input.status)) {
    throw new AppError(ErrorCode.WrongStatusChange, `status: A ${from} template cannot become ${input.status}`);
  }
  if (existing && input.revision !== existing.revision) throw staleTemplate(existing.revision);
  const content = contentOf(input);
  const issues = validateTemplate(content, input.status === TemplateStatus.Published ? 'publish' : 'draft');
  // A sound field's default is one of the editor's music clips.
  content.fields.forEach((f, i) => {
    if (f.type === TemplateFieldType.Sound && f.default_value !== '' && !isKnownVid(f.default_value)) {
      issues.push({ path: `fields.${i}.default_value`, type: ValidationErrorType.CheckFailed, rule: 'bad_value', message: 'Not a valid choice' });
    }
  });
  if (issues.length > 0) throw templateInvalid(issues);
  const fields = {
    ...content,
    search_text: searchTextOf(content),
    status: input.status,
    ...(input.status === TemplateStatus.Published && from !== TemplateStatus.Published
      ? { published_at: new Date(now) }
      : {}),
  };
  if (!existing) {
    const templateId = newNumericId(now);
    await Template.create({ template_id: templateId, uid: user.uid, revision: 1, ...fields });
    return { template_id: templateId, revision: 1, status: input.status };
  }
  // Compare-and-set on the revision: of two saves from the same revision, exactly one wins.
  const updated = await Template.findOneAndUpdate(
    { template_id: existing.template_id, revision: existing.revision },
    { $set: fields, $inc: { revision: 1 } },
    { new: true, projection: { revision: 1, status: 1 } },
  ).lean<{ revision: number; status: TemplateStatus }>();
  if (!updated) {
    const current = await Template.findOne({ template_id: existing.template_id }, { revision: 1 }).lean<{ revision: number }>();
    throw staleTemplate(current?.revision ?? 0);
  }
  await auditOthers(user, existing, 'save', { status: existing.status, revision: existing.revision }, { status: updated.status, revision: updated.revision });
  return { template_id: existing.template_id, revision: updated.revision, status: updated.status };
}

function filled(t: TemplateRecord, values: TemplateValues): StoryContent {
  const issues = validateTemplateValues(t.fields, values);
  // A sound is one of the editor's music clips.
  for (const f of t.fields) {
    const v = values[f.field_id];
    if (f.type === TemplateFieldType.Sound && v && !isKnownVid(v)) {
      issues.push({ path: `values.${f.field_id}`, type: ValidationErrorType.CheckFailed, rule: 'bad_value', message: `${f.name}: not a valid choice` });
    }
  }
  if (issues.length > 0) throw templateInvalid(issues);
  return fillTemplate(t, values);
}

/** `template/preview`: the story texts with the values placed (nothing is written). */
export async function previewTemplate(user: Caller, templateId: string, values: TemplateValues) {
  return { story: filled(await readable(user, templateId), values) };
}

async function ownTemplate(user: Caller, templateId: string): Promise<TemplateRecord> {
  const t = await Template.findOne({ template_id: templateId }).lean<TemplateRecord>();
  if (!t) throw templateNotExist();
  if (t.uid !== user.uid && !isOperator(user)) throw templateForbidden();
  return t;
}

export async function updateImages(user: Caller, templateId: string, change: { cover?: string; images?: string[] }) {
  await requireTemplateAuthor(user);
  const own = await ownTemplate(user, templateId);
  const set: Record<string, unknown> = {};
  if (change.cover !== undefined) set.cover = change.cover;
  if (change.images !== undefined) set.images = change.images;
  const t = await Template.findOneAndUpdate({ template_id: templateId }, { $set: set }, { new: true }).lean<TemplateRecord>();
  await auditOthers(user, own, 'update_images', { cover: own.cover, images: own.images }, { cover: t?.cover ?? '', images: t?.images ?? [] });
  return { template_id: templateId, cover: t?.cover ?? '', images: t?.images ?? [] };
}

export async function getImages(user: Caller, templateId: string) {
  const t = await readable(user, templateId);
  return { template_id: templateId, cover: t.cover, images: t.images };
}

/**
 * The stories made from a template as the caller may see them: their own (and, for operators, every one) as they are
 * now; another creator's by its live (reviewed) version, or, before one passed review, with no name and as a Draft.
 */
async function storiesAsSeenBy(user: Caller, ids: string[]): Promise<Map<string, { story_id: string; story_name: string; uid: string; status: number }>> {
  const rows = [...(await storiesById(ids, ['story_name', 'uid', 'status'])).values()];
  const seesWorkingCopy = (r: { uid: string }) => r.uid === user.uid || isOperator(user);
  const live = await liveStoryViews(rows.filter((r) => !seesWorkingCopy(r)).map((r) => r.story_id));
  return new Map(
    rows.map((r) => {
      if (seesWorkingCopy(r)) return [r.story_id, r];
      const view = live.get(r.story_id);
      return [r.story_id, { story_id: r.story_id, uid: r.uid, story_name: view?.story_name ?? '', status: view ? StoryStatus.Passed : StoryStatus.Draft }];
    }),
  );
}

/** `template/creator_story_list`: the stories made from a template, for its author (and operators). */
export async function creatorStoryList(user: Caller, q: { template_id: string; offset: number; count: number }) {
  await auditOthers(user, await ownTemplate(user, q.template_id), 'creator_story_list');
  const filter = { template_id: q.template_id };
  const [links, total] = await Promise.all([
    TemplateStory.find(filter).sort({ created_at: -1, story_id: -1 }).skip(q.offset).limit(q.count).lean<TemplateStoryRecord[]>(),
    TemplateStory.countDocuments(filter),
  ]);
  const ids = links.map((l) => l.story_id);
  const byId = await storiesAsSeenBy(user, ids);
  return {
    stories: links.flatMap((l) => {
      const s = byId.get(l.story_id);
      return s
        ? [{ story_id: s.story_id, story_name: s.story_name, uid: s.uid, status: s.status, created_at: new Date(l.created_at).toISOString() }]
        : [];
    }),
    total,
    has_more: q.offset + links.length < total,
    next_offset: q.offset + links.length,
  };
}

/**
 * `story/create` with a template: the story is made on the server from the published template and the values
 * (checked at their limits), saved as a Draft through the editor's own save, and remembers its template.
 */
export async function createStoryFromTemplate(
  uid: string,
  use: { template_id: string; values: TemplateValues },
  deps: EditorDeps,
): Promise<StoryCreateResponse> {
  const t = await Template.findOne({ template_id: use.template_id }).lean<TemplateRecord>();
  if (!t || t.status !== TemplateStatus.Published) throw templateNotExist();
  const content = filled(t, use.values);
  const input = storyCreateSchema.parse({
    ...content,
    story_gen_type: StoryGenType.UserDefined,
    publish_type: PublishType.Draft,
    user_manual_save: true,
  });
  const saved = await saveStory(uid, input, deps);
  await TemplateStory.create({
    story_id: saved.story_id,
    template_id: t.template_id,
    uid,
    values: use.values,
    app_edit_only: t.app_edit_only,
  });
  await Template.updateOne({ template_id: t.template_id }, { $inc: { stories_made: 1 } }, { timestamps: false });
  return saved;
}

/** Spec section 6: a creation made from an app-only template can only be edited in the app (1010502). */
export async function assertWebEditable(storyId: string | undefined): Promise<void> {
  if (storyId === undefined || storyId === '0') return;
  if (await TemplateStory.exists({ story_id: storyId, app_edit_only: true })) throw appEditOnly();
}

/** Account deletion: the user's templates, their whitelist entry and the links of their stories. */
export async function removeUserTemplates(uid: string): Promise<void> {
  await TemplateStory.deleteMany({ uid });
  await Template.deleteMany({ uid });
  await WhiteList.deleteMany({ uid });
}
