import { ErrorCode } from 'shared-kit';
import { VOICE_REQUESTS } from 'shared-kit/schemas';
import type { AppRouter } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { findClip, VOICE_AUDIO_PATH } from './voice.service';

const clipParams = validate({ params: VOICE_REQUESTS.clipParams });

/** Spoken sentences (play/stream/speech.ts speaks them): a clip never changes under its id, so any cache may keep it. */
export function voiceRoutes(router: AppRouter): void {
  router.get(`${VOICE_AUDIO_PATH}/:key`, clipParams, async (ctx) => {
    const { key } = clipParams.input(ctx).params;
    const clip = await findClip(key);
    if (!clip) throw new AppError(ErrorCode.RecordNotFound, 'No such clip', { status: 404 });
    const raw = clip.data as unknown;
    const data = Buffer.isBuffer(raw) ? raw : Buffer.from((raw as { buffer: Uint8Array }).buffer);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = clip.mime;
    ctx.length = data.length;
    ctx.body = data;
  });
}
