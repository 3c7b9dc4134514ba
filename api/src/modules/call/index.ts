// The call module's face: calls with a character (routes, the `/call` socket namespace, recognisers).
import type { Server } from 'socket.io';
import { CALL_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireOnboarded, requireSession } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime/events';
import { refusePlayOutsideAllowedTime } from '../identity';
import type { PlayContext } from '../play';
import type { Transcriber } from '../voice';
import { endpointRecogniser, killRecognisers, pocketsphinx, runningRecognisers, type Recogniser } from './asr';
import { killWarmRecognisers, runningWarmRecognisers, warmPocketsphinx, warmPocketsphinxInstalled } from './asr.warm';
import { audioInfo, createCall, declineCall, endCall } from './call.service';
import { attachCallSockets, type CallSockets } from './call.socket';
import type { CallLimits } from './limits';

export { pocketsphinx, wavOf, type Recogniser } from './asr';
export { warmPocketsphinx, warmRecogniserPids } from './asr.warm';

/** Stops every recogniser this process started (the per-utterance ones and the warm one). */
export function stopRecognisers(): void {
  killRecognisers();
  killWarmRecognisers();
}

/** The recognisers' processes running now in this api process. */
export const recognisersRunning = (): number => runningRecognisers() + runningWarmRecognisers();
export { Vad } from './vad';

export interface CallDeps {
  play: PlayContext;
  limits: CallLimits;
  /** The OpenAI-compatible recogniser when ASR_MODEL is set; pocketsphinx on this machine otherwise (warm if it can). */
  transcriber: Transcriber | null;
  events: EventBus;
  logger: Logger;
  now: () => number;
}

export interface Calls {
  recogniser: Recogniser;
  /** Opens the `/call` namespace on the api's socket.io server. */
  attach(io: Server): void;
  /** Ends this process's part of every call and kills its recognisers (the api stops). */
  stop(): void;
}

const BASE = '/api/tyler/call';

/** `call/create`, `end`, `reject`, `ignore` and `audio_info`: signed-in, onboarded players, on their own plays. */
export function callRoutes(router: AppRouter, deps: CallDeps): Calls {
  const svc = { limits: deps.limits, now: deps.now };
  const recogniser = deps.transcriber ? endpointRecogniser(deps.transcriber) : warmPocketsphinxInstalled() ? warmPocketsphinx() : pocketsphinx();
  const create = validate({ body: CALL_REQUESTS.createBody });
  router.post(`${BASE}/create`, requireSession, requireOnboarded, create, async (ctx) => {
    // Outside the allowed play time (youth mode) a call cannot start, as a typed line cannot be sent: 1020702.
    await refusePlayOutsideAllowedTime(currentAccount(ctx));
    respond(ctx, await createCall(currentAccount(ctx).uid, create.input(ctx).body.play_id, svc));
  });
  const one = validate({ body: CALL_REQUESTS.callBody });
  router.post(`${BASE}/end`, requireSession, one, async (ctx) => {
    respond(ctx, await endCall(currentAccount(ctx).uid, one.input(ctx).body.call_id, svc));
  });
  router.post(`${BASE}/reject`, requireSession, one, async (ctx) => {
    respond(ctx, await declineCall(currentAccount(ctx).uid, one.input(ctx).body.call_id, 'Rejected', svc));
  });
  router.post(`${BASE}/ignore`, requireSession, one, async (ctx) => {
    respond(ctx, await declineCall(currentAccount(ctx).uid, one.input(ctx).body.call_id, 'Ignored', svc));
  });
  const info = validate({ query: CALL_REQUESTS.audioInfoQuery });
  router.get(`${BASE}/audio_info`, requireSession, info, async (ctx) => {
    respond(ctx, await audioInfo(currentAccount(ctx).uid, info.input(ctx).query, svc));
  });

  let sockets: CallSockets | null = null;
  return {
    recogniser,
    attach(io) {
      sockets = attachCallSockets(io, { play: deps.play, limits: deps.limits, recogniser, events: deps.events, logger: deps.logger.child({ module: 'call' }), now: deps.now });
    },
    stop() {
      sockets?.stop();
      stopRecognisers();
    },
  };
}
