import { OpsPermission } from 'shared-kit';
import {
  creatorStoryListQuerySchema,
  templateCreateSchema,
  templateIdQuerySchema,
  templateImagesSchema,
  templateListQuerySchema,
  templatePreviewSchema,
  templateWhiteListUpdateSchema,
  opsTemplateWhiteListUpdateSchema,
} from 'shared-kit/schemas';
import { creationGuards, currentUser, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { registerUserDeletionHook } from '../users';
import { Template } from './template.model';
import {
  creatorStoryList,
  getImages,
  getTemplate,
  listTemplates,
  previewTemplate,
  removeUserTemplates,
  saveTemplate,
  listWhiteList,
  setWhiteList,
  updateImages,
  whiteListOf,
} from './template.service';

registerUserDeletionHook({
  name: 'templates',
  count: (uid) => Template.countDocuments({ uid }),
  remove: removeUserTemplates,
});

const T = '/api/editor/template';

export interface TemplateRouteDeps {
  now: () => number;
}

/**
 * Templates (spec sections 3, 6, 7): every route needs a signed-in account (guests get 1007). Reading the gallery
 * is open to every creator; making, publishing and changing templates to whitelisted creators and operators (1010503).
 */
export function templateRoutes(router: AppRouter, deps: TemplateRouteDeps): void {
  const listQuery = validate({ query: templateListQuerySchema });
  router.get(`${T}/get_list`, requireUser, listQuery, async (ctx) => {
    respond(ctx, await listTemplates(currentUser(ctx), listQuery.input(ctx).query));
  });

  const idQuery = validate({ query: templateIdQuerySchema });
  router.get(`${T}/get`, requireUser, idQuery, async (ctx) => {
    respond(ctx, await getTemplate(currentUser(ctx), idQuery.input(ctx).query.template_id));
  });

  const createBody = validate({ body: templateCreateSchema });
  router.post(`${T}/create`, ...creationGuards, createBody, async (ctx) => {
    respond(ctx, await saveTemplate(currentUser(ctx), createBody.input(ctx).body, deps.now()));
  });

  const previewBody = validate({ body: templatePreviewSchema });
  router.post(`${T}/preview`, requireUser, previewBody, async (ctx) => {
    const b = previewBody.input(ctx).body;
    respond(ctx, await previewTemplate(currentUser(ctx), b.template_id, b.values));
  });

  const imagesBody = validate({ body: templateImagesSchema });
  router.post(`${T}/update_images`, ...creationGuards, imagesBody, async (ctx) => {
    const b = imagesBody.input(ctx).body;
    respond(ctx, await updateImages(currentUser(ctx), b.template_id, { cover: b.cover, images: b.images }));
  });

  router.get(`${T}/get_images`, requireUser, idQuery, async (ctx) => {
    respond(ctx, await getImages(currentUser(ctx), idQuery.input(ctx).query.template_id));
  });

  router.get(`${T}/white_list`, requireUser, async (ctx) => {
    respond(ctx, await whiteListOf(currentUser(ctx)));
  });

  // Content operators (and admins) put creators on the template whitelist or take them off it, audited.
  const contentOperator = requirePermission(OpsPermission.ContentOperator);
  const whiteListBody = validate({ body: templateWhiteListUpdateSchema });
  router.post(`${T}/white_list`, contentOperator, whiteListBody, async (ctx) => {
    const b = whiteListBody.input(ctx).body;
    const done = await setWhiteList(b.uid, b.allow, currentUser(ctx).uid, deps.now());
    respond(ctx, { uid: done.uid, in_white_list: done.in_white_list });
  });

  // The console's whitelist page: who is on it; add or remove by uid or User ID.
  router.get('/api/ops/template/white_list', contentOperator, async (ctx) => {
    respond(ctx, await listWhiteList());
  });
  const opsWhiteListBody = validate({ body: opsTemplateWhiteListUpdateSchema });
  router.post('/api/ops/template/white_list', contentOperator, opsWhiteListBody, async (ctx) => {
    const b = opsWhiteListBody.input(ctx).body;
    respond(ctx, await setWhiteList(b.user, b.allow, currentUser(ctx).uid, deps.now()));
  });

  const storiesQuery = validate({ query: creatorStoryListQuerySchema });
  router.get(`${T}/creator_story_list`, requireUser, storiesQuery, async (ctx) => {
    respond(ctx, await creatorStoryList(currentUser(ctx), storiesQuery.input(ctx).query));
  });
}
