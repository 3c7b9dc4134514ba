import { z } from 'zod';
import { ErrorCode } from 'shared-kit';
import type { AppRouter } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { currentAccount, requireSession } from '../../lib/auth';
import { respond } from '../../lib/envelope';
import { speakDialogue } from './speech.stream';
import { findClip, VOICE_AUDIO_PATH } from './voice.service';

const lineQuery = validate({ query: z.object({ dialogue_id: z.string().regex(/^\d{1,24}$/, 'must be a dialogue id') }) });
const clipParams = validate({ params: z.object({ key: z.string().regex(/^[0-9a-f]{64}$/, 'must be a clip id') }) });

/** Spoken sentences (see speech.stream.ts): a clip never changes under its id, so any cache may keep it. */
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

  // A line of one's own play spoken again (its row's play button), from the cache when the stream spoke it.
  router.get('/api/voice/dialogue_audio', requireSession, lineQuery, async (ctx) => {
    respond(ctx, await speakDialogue(currentAccount(ctx).uid, lineQuery.input(ctx).query.dialogue_id));
  });
}
