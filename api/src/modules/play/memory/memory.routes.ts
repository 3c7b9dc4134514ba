import { MEMORY_REQUESTS as m } from 'shared-kit/schemas';
import { currentAccount, requireSession } from '../../../lib/auth';
import type { AppContext, AppRouter } from '../../../lib/context';
import { respond } from '../../../lib/envelope';
import { validate } from '../../../lib/validate';
import type { PlayContext } from '../context';
import { editSummary, memoryOf, pin, unpin } from './pins';
import { suggestReplies } from './suggest';
import { playDebug } from './debug';

const BASE = '/api/tyler';

/**
 * Suggested replies, and the play's memory (the spec's `memory` call; the shapes are ours, see docs/api.md): what the character remembers,
 * the running summary and the pins. Only the play's player: another's play is 1050001, like every play call.
 */
export function memoryRoutes(router: AppRouter, pctx: PlayContext): void {
  const uidOf = (ctx: AppContext) => currentAccount(ctx).uid;
  const read = validate({ query: m.memoryQuery });
  router.get(`${BASE}/memory`, requireSession, read, async (ctx) => respond(ctx, await memoryOf(uidOf(ctx), read.input(ctx).query.play_id)));
  const pinV = validate({ body: m.pinBody });
  router.post(`${BASE}/memory/pin`, requireSession, pinV, async (ctx) => respond(ctx, await pin(uidOf(ctx), pinV.input(ctx).body, pctx.now())));
  const unpinV = validate({ body: m.unpinBody });
  router.post(`${BASE}/memory/unpin`, requireSession, unpinV, async (ctx) => {
    const b = unpinV.input(ctx).body;
    respond(ctx, await unpin(uidOf(ctx), b.play_id, b.pin_id));
  });
  const summaryV = validate({ body: m.summaryBody });
  router.post(`${BASE}/memory/summary`, requireSession, summaryV, async (ctx) => {
    const b = summaryV.input(ctx).body;
    respond(ctx, await editSummary(uidOf(ctx), b.play_id, b.summary, pctx.now()));
  });
  // Suggested replies after the newest reply (ours; stored as a FixedOptions row, sent as option_contents when chosen).
  const suggestV = validate({ body: m.suggestBody });
  router.post(`${BASE}/message/suggest`, requireSession, suggestV, async (ctx) => {
    respond(ctx, await suggestReplies(pctx, uidOf(ctx), suggestV.input(ctx).body.play_id));
  });
  // The creator's debug view of a test play of a draft (the spec's play panel debug; the shape is ours).
  const debugV = validate({ query: m.debugQuery });
  router.get(`${BASE}/play/debug`, requireSession, debugV, async (ctx) => respond(ctx, await playDebug(uidOf(ctx), debugV.input(ctx).query.play_id)));
}
