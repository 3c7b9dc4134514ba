import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ErrorCode } from 'shared-kit';
import { VOICE_REQUESTS } from 'shared-kit/schemas';
import { creationGuards, currentUser, requireUser } from '../../lib/auth';
import type { AppRouter, AppState } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError, paramError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { declaredTooLarge, parseMultipart } from '../media';
import { uploadRefused } from '../media';
import { MAX_VOICE_UPLOAD_BYTES, createVoice, getVoice, listVoices, mixVoices, updateVoice, voiceCategories, voiceConf, type UgcDeps } from './ugc.service';

const V = '/api/editor/ugc_voice';
export const UGC_CREATE_PATH = `${V}/create`;

const { createFields } = VOICE_REQUESTS;
const listQuery = validate({ query: VOICE_REQUESTS.listQuery });
const idQuery = validate({ query: VOICE_REQUESTS.idQuery });
const mixBody = validate({ body: VOICE_REQUESTS.mixBody });
const updateBody = validate({ body: VOICE_REQUESTS.updateBody });

/** Custom voices' JSON routes (spec section 7: ugc_voice conf, category, list, get, update, mix). */
export function ugcVoiceRoutes(router: AppRouter, deps: UgcDeps): void {
  const mixes = rateLimit({ name: 'voice-mix', windowMs: 10 * 60_000, max: 60, key: (ctx) => `voice-mix:${ctx.state.user?.uid ?? ctx.ip}` });
  router.get(`${V}/conf`, (ctx) => respond(ctx, voiceConf(deps.transcriber !== null)));
  router.get(`${V}/category`, (ctx) => respond(ctx, voiceCategories()));
  router.get(`${V}/list`, requireUser, listQuery, async (ctx) => {
    respond(ctx, await listVoices(currentUser(ctx).uid, listQuery.input(ctx).query, deps.now()));
  });
  router.get(`${V}/get`, requireUser, idQuery, async (ctx) => {
    respond(ctx, { voice: await getVoice(currentUser(ctx).uid, idQuery.input(ctx).query.voice_id, deps.now()) });
  });
  router.post(`${V}/update`, requireUser, updateBody, async (ctx) => {
    respond(ctx, { voice: await updateVoice(currentUser(ctx).uid, updateBody.input(ctx).body, deps) });
  });
  router.post(`${V}/mix`, ...creationGuards, mixes, mixBody, async (ctx) => {
    respond(ctx, { voice: await mixVoices(currentUser(ctx).uid, mixBody.input(ctx).body, deps) });
  });
}

/**
 * `ugc_voice/create`: a multipart body with the recording or uploaded file as `audio` and the voice's fields. Mounted
 * before the JSON body parser, as the picture upload is; `session` runs only for it.
 */
export function ugcVoiceUploadMiddleware(session: Middleware<AppState>, deps: UgcDeps): Middleware<AppState> {
  const router: AppRouter = new Router<AppState>();
  const perUser = rateLimit({ name: 'voice-create', windowMs: 10 * 60_000, max: 30, key: (ctx) => `voice-create:${ctx.state.user?.uid ?? ctx.ip}` });
  const limits = { fileField: 'audio', maxFileBytes: MAX_VOICE_UPLOAD_BYTES, maxFieldBytes: 200 };
  router.post(UGC_CREATE_PATH, session, ...creationGuards, perUser, async (ctx) => {
    if (!ctx.is('multipart/form-data')) throw new AppError(ErrorCode.ClientParamError, 'body: Send the recording as multipart/form-data');
    if (declaredTooLarge(ctx.req, limits)) {
      ctx.set('Connection', 'close');
      throw uploadRefused('size', `The largest file accepted is ${MAX_VOICE_UPLOAD_BYTES / (1024 * 1024)} MB`);
    }
    const { fields, file } = await parseMultipart(ctx.req, limits);
    const parsed = createFields.safeParse(fields);
    if (!parsed.success) throw paramError(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message })));
    const user = currentUser(ctx);
    ctx.state.log.info({ bytes: file.data.length, declared_type: file.declaredType, source: parsed.data.source }, 'voice recording upload');
    respond(ctx, { voice: await createVoice(user.uid, parsed.data, file.data, deps) });
  });
  return router.routes() as Middleware<AppState>;
}
