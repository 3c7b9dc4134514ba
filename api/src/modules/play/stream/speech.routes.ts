import { VOICE_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireSession } from '../../../lib/auth';
import type { AppRouter } from '../../../lib/context';
import { respond } from '../../../lib/envelope';
import { validate } from '../../../lib/validate';
import { speakDialogue } from './speech';

const lineQuery = validate({ query: VOICE_REQUESTS.dialogueAudioQuery });

/** `voice/dialogue_audio`: the play's lines spoken again, with the voice module's speech (speech.ts). */
export function lineSpeechRoutes(router: AppRouter): void {
  // A line of one's own play spoken again (its row's play button), from the cache when the stream spoke it.
  router.get('/api/voice/dialogue_audio', requireSession, lineQuery, async (ctx) => {
    respond(ctx, await speakDialogue(currentAccount(ctx).uid, lineQuery.input(ctx).query.dialogue_id));
  });
}
