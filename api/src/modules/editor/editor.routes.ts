import type { Next } from 'koa';
import { ErrorCode, ValidationErrorType, type StoryCreateRequest, type StoryCreateResponse } from 'shared-kit';
import { planInfoOf } from '../plan';
import { EDITOR_REQUESTS as r, storyCreateSchema } from 'shared-kit/schemas';
import { z } from 'zod';
import { creationGuards, currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { isMembersOnlyStyle } from '../config';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { requestLanguage } from '../../lib/language';
import { registerUserDeletionHook } from '../users';
import type { ImageProvider } from '../../ai';
import { offlineImages } from '../../ai/images.offline';
import { bgmList, dubbingList, offlineClip, vidUrls } from '../voice';
import { wordsLimit } from './wordsLimit';
import { getExample, getExamplesV2 } from './examples';
import { generatePicture } from './image.generate';
import { countStories } from '../stories';
import { presentListItem, presentStory } from './story.presenter';
import {
  batchUpdatePermission,
  deleteStory,
  firstStory,
  hasUnread,
  listStories,
  prepareSave,
  readableStory,
  removeUserStories,
  saveStory,
  setTop,
  updatePermission,
  type EditorDeps,
} from './story.service';

registerUserDeletionHook({
  name: 'stories',
  count: (uid) => countStories(uid),
  remove: removeUserStories,
});

/**
 * The story payload's shape errors, reported like the rules' errors (`[{path, type, message}]`): a missing field
 * is type 1, anything else malformed is type 4. Nothing is written.
 */
function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

async function storyBody(ctx: AppContext, next: Next): Promise<void> {
  const raw: unknown = ctx.request.body ?? {};
  const parsed = storyCreateSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      // zod does not echo the input by default, so whether the field was absent is read from the body itself.
      const missing = issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined;
      return {
        path: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
        type: missing ? ValidationErrorType.Required : ValidationErrorType.CheckFailed,
        message: missing ? 'Required' : issue.message,
      };
    });
    const first = errors[0];
    throw new AppError(
      ErrorCode.ClientParamError,
      first ? `${first.path}: ${first.message}` : 'Invalid story',
      { data: { errors } },
    );
  }
  ctx.state.input = { body: parsed.data };
  await next();
}
const storyInput = (ctx: AppContext): StoryCreateRequest =>
  (ctx.state.input as { body: StoryCreateRequest }).body;

const getQuery = validate({ query: r.storyIdQuery });
const listQuery = validate({ query: r.storyListQuery });
const idBody = validate({ body: r.storyIdBody });
const topBody = validate({ body: r.setTopBody });
const characterQuery = validate({ query: r.characterQuery });
const dubbingQuery = validate({ query: r.dubbingListQuery });
const vidsQuery = validate({ query: r.vidUrlsQuery });
const audioParams = validate({ params: r.audioParams });
const artParams = validate({ params: r.artParams });
const artImages = offlineImages();
const artCache = new Map<string, Buffer>();
const permissionBody = validate({ body: r.permissionUpdateBody });
const permissionBatchBody = validate({ body: r.permissionBatchBody });
const emptyQuery = validate({ query: z.object({}) });
const generateBody = validate({ body: r.imageGenerateBody });

/** The editor's routes need the story deps plus picture generation. */
export interface EditorRouteDeps extends EditorDeps {
  images: ImageProvider;
  /** IMAGE_DAILY_QUOTA: pictures per user per UTC day. */
  imageDailyQuota: number;
  /** `story/create` with `need_ai_gen`: the brainstorm plan module takes the save. */
  startBrainstorm: (uid: string, input: StoryCreateRequest) => Promise<StoryCreateResponse>;
  /** `story/create` with `template`: the template module makes the story from the template and the values. */
  createFromTemplate: (
    uid: string,
    use: NonNullable<StoryCreateRequest['template']>,
    deps: EditorDeps,
  ) => Promise<StoryCreateResponse>;
  /** Refuses saves of a story that may only be edited in the app (made from such a template). */
  assertWebEditable: (storyId: string | undefined) => Promise<void>;
}

const E = '/api/editor';

export function editorRoutes(router: AppRouter, deps: EditorRouteDeps): void {
  // Saves carry whole stories (up to ~1 MB): generous for a person typing, tight for a script.
  const saves = rateLimit({
    name: 'story-save',
    windowMs: 60_000,
    max: 120,
    key: (ctx) => `story-save:${ctx.state.user?.uid ?? ctx.ip}`,
  });

  router.post(`${E}/story/create`, ...creationGuards, saves, storyBody, async (ctx) => {
    const input = storyInput(ctx);
    if (input.template && (input.story_id === undefined || input.story_id === '0')) {
      respond(ctx, await deps.createFromTemplate(currentUser(ctx).uid, input.template, deps));
      return;
    }
    await deps.assertWebEditable(input.story_id);
    if (input.need_ai_gen) {
      respond(ctx, await deps.startBrainstorm(currentUser(ctx).uid, input));
      return;
    }
    respond(ctx, await saveStory(currentUser(ctx).uid, input, deps));
  });

  // Drawing costs a model call: a burst limit on top of the daily quota.
  const drawing = rateLimit({
    name: 'image-generate',
    windowMs: 60_000,
    max: 10,
    key: (ctx) => `image-generate:${ctx.state.user?.uid ?? ctx.ip}`,
  });
  router.post(`${E}/image/generate`, ...creationGuards, drawing, generateBody, async (ctx) => {
    // Members-only styles: the account's membership end (kept by the commerce module) is on the request's account.
    if (isMembersOnlyStyle(generateBody.input(ctx).body.image_generate_style?.code) && !((currentUser(ctx).vip_until?.getTime() ?? 0) > deps.now())) {
      throw new AppError(ErrorCode.NoAccess, 'image_generate_style.code: a members-only style', { data: { reason: 'members_only', scene: 'vip_style' } });
    }
    const picture = await generatePicture(
      currentUser(ctx).uid,
      generateBody.input(ctx).body,
      { images: deps.images, forbidden: deps.forbidden, dailyQuota: deps.imageDailyQuota, now: deps.now },
      ctx.state.log,
    );
    respond(ctx, picture);
  });

  router.post(`${E}/story/check_create`, ...creationGuards, saves, storyBody, async (ctx) => {
    await prepareSave(currentUser(ctx).uid, storyInput(ctx), deps);
    respond(ctx, { can_create: true, errors: [] });
  });

  router.get(`${E}/story/get`, requireUser, getQuery, async (ctx) => {
    const q = getQuery.input(ctx).query;
    const { story, version } = await readableStory(currentUser(ctx).uid, q.story_id, q.display_status);
    const { info, plan } = await planInfoOf(story, deps.now());
    respond(ctx, { ...presentStory(story, version), plan_info: info, plan });
  });

  router.get(`${E}/story/list`, requireUser, listQuery, async (ctx) => {
    const q = listQuery.input(ctx).query;
    const page = await listStories(currentUser(ctx).uid, {
      offset: q.offset ?? 0,
      count: q.count ?? 20,
      status: q.status,
    });
    respond(ctx, {
      stories: page.rows.map(presentListItem),
      total: page.total,
      has_more: page.has_more,
      next_offset: page.next_offset,
    });
  });

  router.get(`${E}/story/unread`, requireUser, async (ctx) => {
    respond(ctx, { unread: await hasUnread(currentUser(ctx).uid) });
  });

  router.post(`${E}/story/del`, requireUser, idBody, async (ctx) => {
    await deleteStory(currentUser(ctx).uid, idBody.input(ctx).body.story_id, deps.now());
    respond(ctx, {});
  });

  router.post(`${E}/story/set_top`, requireUser, topBody, async (ctx) => {
    const b = topBody.input(ctx).body;
    await setTop(currentUser(ctx).uid, b.story_id, b.is_top, deps.now());
    respond(ctx, { story_id: b.story_id, is_top: b.is_top });
  });

  router.post(`${E}/story/first`, requireUser, async (ctx) => {
    respond(ctx, await firstStory(currentUser(ctx).uid));
  });

  router.get(`${E}/character/get`, requireUser, characterQuery, async (ctx) => {
    const q = characterQuery.input(ctx).query;
    const { story, version } = await readableStory(currentUser(ctx).uid, q.story_id, q.display_status);
    const character = presentStory(story, version).characters.find((c) => c.character_id === q.character_id);
    if (!character) throw new AppError(ErrorCode.RecordNotFound, 'This character is not in the story');
    respond(ctx, { story_id: story.story_id, character });
  });

  router.get(`${E}/character/dubbing_list`, dubbingQuery, (ctx) => {
    respond(ctx, dubbingList(dubbingQuery.input(ctx).query.language));
  });
  router.get(`${E}/conf/words_limit`, emptyQuery, (ctx) => respond(ctx, wordsLimit()));
  router.get(`${E}/bgm_list`, (ctx) => respond(ctx, bgmList()));
  router.get(`${E}/vid_urls`, vidsQuery, (ctx) => respond(ctx, vidUrls(vidsQuery.input(ctx).query.vids)));
  router.get(`${E}/get_example`, (ctx) => respond(ctx, getExample(requestLanguage(ctx))));
  router.get(`${E}/get_example_v2`, (ctx) => respond(ctx, getExamplesV2(requestLanguage(ctx))));

  router.get(`${E}/audio/:file`, audioParams, (ctx) => {
    const vid = audioParams.input(ctx).params.file.replace(/\.wav$/, '');
    const wav = offlineClip(vid);
    if (!wav) throw new AppError(ErrorCode.RecordNotFound, 'No such clip', { status: 404 });
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'audio/wav';
    ctx.body = wav;
  });

  // Built-in artwork for examples and placeholders: the offline generator, keyed by a short prompt.
  router.get(`${E}/art/:file`, artParams, async (ctx) => {
    const key = artParams.input(ctx).params.file.replace(/\.png$/, '');
    let data = artCache.get(key);
    if (!data) {
      // `portrait_<name>` is a character's portrait, with the face a character picture must show.
      const portrait = key.startsWith('portrait_');
      data = (await artImages.generate({ prompt: key.replace(/_/g, ' '), width: 512, height: 512, ...(portrait ? { use: 'character' as const } : {}) })).data;
      if (artCache.size < 256) artCache.set(key, data);
    }
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = 'image/png';
    ctx.body = data;
  });

  router.post(`${E}/permission/update`, requireUser, permissionBody, async (ctx) => {
    const b = permissionBody.input(ctx).body;
    respond(ctx, {
      story_id: b.story_id,
      permission: await updatePermission(currentUser(ctx).uid, b.story_id, b.permission),
    });
  });

  router.post(`${E}/permission/batch_update`, requireUser, permissionBatchBody, async (ctx) => {
    const b = permissionBatchBody.input(ctx).body;
    respond(ctx, { updated: await batchUpdatePermission(currentUser(ctx).uid, b.story_ids, b.permission) });
  });
}
