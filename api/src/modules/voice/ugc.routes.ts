import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ErrorCode, LIMITS } from 'shared-kit';
import { z } from 'zod';
import { creationGuards, currentUser, requireUser } from '../../lib/auth';
import type { AppRouter, AppState } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError, paramError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { declaredTooLarge, parseMultipart } from '../media';
import { uploadRefused } from '../media';
import { MAX_VOICE_UPLOAD_BYTES, createVoice, getVoice, listVoices, mixVoices, updateVoice, voiceCategories, voiceConf, type UgcDeps } from './ugc.service';
import { PITCH_RANGE, SPEED_RANGE, UGC_LANGUAGES } from './ugc.voice';

const V = '/api/editor/ugc_voice';
export const UGC_CREATE_PATH = `${V}/create`;

const name = z
  .string()
  .trim()
  .min(LIMITS.voiceNameMin, `Between ${LIMITS.voiceNameMin} and ${LIMITS.voiceNameMax} characters`)
  .max(LIMITS.voiceNameMax, `Between ${LIMITS.voiceNameMin} and ${LIMITS.voiceNameMax} characters`);
const language = z.enum(UGC_LANGUAGES.map((l) => l.language_key) as [string, ...string[]]);
const tag = z.object({ category: z.enum(['gender', 'age', 'trait']), value: z.string().max(20) });
const pitch = z.number().int().min(PITCH_RANGE[0]).max(PITCH_RANGE[1]);
const speed = z.number().int().min(SPEED_RANGE[0]).max(SPEED_RANGE[1]);
const privacy = z.enum(['Privacy', 'Public']);

/** Multipart fields are strings: tags as "category:value,category:value", numbers as text. */
const createFields = z.object({
  name,
  language: language.default('en'),
  tags: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => ({ category: t.split(':')[0] ?? '', value: t.split(':')[1] ?? '' })),
    )
    .pipe(z.array(tag)),
  pitch: z.coerce.number().pipe(pitch).default(0),
  speed: z.coerce.number().pipe(speed).default(0),
  privacy: privacy.default('Privacy'),
  text_id: z.string().max(20).optional(),
  source: z.enum(['record', 'upload']).default('upload'),
});

const listQuery = validate({
  query: z.object({
    scope: z.enum(['mine', 'public']).default('mine'),
    keyword: z.string().trim().max(40).optional(),
    language: z.string().max(10).optional(),
    tag: z.string().max(40).optional(),
    cursor: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
});
const idQuery = validate({ query: z.object({ voice_id: z.string().min(1).max(40) }) });
const mixBody = validate({
  body: z.object({
    name,
    mix_speakers: z.array(z.object({ voice_id: z.string().min(1).max(40), factor: z.number().int() })).min(1).max(10),
    tags: z.array(tag).default([]),
    privacy: privacy.default('Privacy'),
    pitch: pitch.default(0),
    speed: speed.default(0),
  }),
});
const updateBody = validate({
  body: z.object({
    voice_id: z.string().min(1).max(40),
    name: name.optional(),
    tags: z.array(tag).optional(),
    language: language.optional(),
    pitch: pitch.optional(),
    speed: speed.optional(),
    privacy: privacy.optional(),
    status: z.literal('Deleted').optional(),
  }),
});

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
