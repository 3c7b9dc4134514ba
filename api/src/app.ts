import type { Server as HttpServer } from 'node:http';
import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { ErrorCode } from 'shared-kit';
import type { Config } from './config';
import type { AppRouter } from './lib/context';
import type { AppState } from './lib/context';
import type { Logger } from './lib/logger';
import { requestContext } from './lib/requestContext';
import { securityHeaders } from './lib/securityHeaders';
import { apiNotFound, errorEnvelope } from './lib/envelope';
import { contractCheck } from './lib/contracts';
import { clientParams } from './lib/clientParams';
import { jsonBody } from './lib/body';
import { drainUnreadBody } from './lib/drainBody';
import { AppError } from './lib/errors';
import type { EventBus } from './realtime/events';
import { healthRoutes } from './modules/health/health.routes';
import type { Pingable } from './modules/health/health.service';
import { configRoutes } from './modules/config/config.routes';
import { oauthFormPost, oauthRoutes } from './modules/oauth/oauth.routes';
import { sessionMiddleware } from './modules/passport/session.service';
import { createAccountsRuntime, type Clock } from './modules/passport/runtime';
import type { SmsProvider } from './modules/passport/sms.provider';
import { passportRoutes } from './modules/passport/passport.routes';
import { userRoutes } from './modules/user/user.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { mediaMiddleware } from './modules/media/media.routes';
import { cardMiddleware } from './modules/card/card.routes';
import { createAiProviders } from './ai';
import { editorRoutes } from './modules/editor/editor.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { loadForbiddenWords } from './modules/review/forbiddenWords';
import { startReviewWorker } from './modules/review/review.worker';
import { ownPlay, TURN_PATHS } from './modules/play';
import { playRoutes } from './modules/play/play.routes';
import { communityRoutes } from './modules/community/community.routes';
import { reactionRoutes } from './modules/play/reaction.routes';
import { lineSpeechRoutes } from './modules/play/stream/speech.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { commentRoutes } from './modules/comment/comment.routes';
import { planRoutes } from './modules/plan/plan.routes';
import { startPlanRunner } from './modules/plan/plan.runner';
import { startVoiceRunner } from './modules/voice/ugc.jobs';
import { startBrainstorm, type PlanServiceDeps } from './modules/plan/plan.service';
import { modelWriter, offlineWriter } from './modules/plan/plan.writer';
import mongoose from 'mongoose';
import { shareRoutes } from './modules/share/share.routes';
import { opsRoutes, reportConsoleRoutes } from './modules/ops';
import { templateRoutes } from './modules/template/template.routes';
import { assertWebEditable, createStoryFromTemplate } from './modules/template/template.service';
import { sanctionRoutes } from './modules/sanction/sanction.routes';
import { reportRoutes } from './modules/report/report.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import { openAiTranscriber } from './modules/voice/ugc.asr';
import { ugcVoiceRoutes, ugcVoiceUploadMiddleware } from './modules/voice/ugc.routes';
import { configureSpeech } from './modules/voice/voice.service';
import { offlineSpeech, openAiSpeech } from './modules/voice/tts.engines';
import { topicRoutes } from './modules/topic/topic.routes';
import { setUpCommerce } from './modules/commerce';
import { collectionRoutes } from './modules/collection';
import { threadRoutes } from './modules/thread';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { checkYouthModeOff, identityRoutes, ONLINE_TICK_PATH, playClock, startUnbanRunner } from './modules/identity';
import { startWeeklyRunner, weeklyRoutes } from './modules/weekly';
import { callRoutes, type Calls } from './modules/call';
import { startVideoRunner, videoRoutes } from './modules/video';

export interface AppDeps {
  logger: Logger;
  db: Pingable;
  events: EventBus;
  /** Milliseconds since the epoch; tests pass a movable clock. Defaults to Date.now. */
  clock?: Clock;
  /** Overrides the SMS provider chosen by config (tests). */
  sms?: SmsProvider;
}

export interface AppOptions {
  /** Registers more routes on the same router, after the built-in ones (used by tests and by later modules). */
  extraRoutes?: (router: AppRouter, deps: AppDeps) => void;
  /** When given, the app is mounted on it; otherwise the caller creates the server. */
  server?: HttpServer;
}

export interface CreatedApp {
  app: Koa<AppState>;
  router: AppRouter;
  server?: HttpServer;
  /** Settles once the background jobs are set up (the plan queue's collection and indexes). */
  jobsReady: Promise<void>;
  /** Stops the background jobs this app started (the plan queue), waiting for the plans in hand to stop. */
  stopJobs(): Promise<void>;
  /** Calls with a character: their socket namespace is opened on the server's socket.io (server.ts). */
  calls: Calls;
}

/**
 * Runs a router's middleware only for requests whose path one of its routes matches (the same test the router
 * makes), sparing every other request the router's dispatch. For a router with no not-found handler, as the media
 * router: on the other paths it would only call `next`.
 */
function onlyWhereItRoutes(routes: Middleware<AppState>): Middleware<AppState> {
  const router = (routes as Middleware<AppState> & { router?: AppRouter }).router;
  if (!router) return routes;
  return function onlyWhereItRoutes(ctx, next) {
    return router.stack.some((layer) => layer.match(ctx.path)) ? routes(ctx, next) : next();
  };
}

/** Builds the Koa app: middleware in a fixed order, then every module's routes. Starts nothing. */
export function createApp(config: Config, deps: AppDeps, options: AppOptions = {}): CreatedApp {
  const app = new Koa<AppState>({ proxy: config.trustProxy, env: config.nodeEnv });
  // Errors are rendered by errorEnvelope; Koa's own handler would print them to stderr a second time.
  app.silent = true;
  const router: AppRouter = new Router<AppState>();
  const accounts = createAccountsRuntime(config, deps.logger, deps.clock, deps.sms);

  healthRoutes(router, { db: deps.db });
  configRoutes(router, { config });
  oauthRoutes(router, { config, logger: deps.logger });
  passportRoutes(router, accounts);
  userRoutes(router, { checkYouthModeOff });
  // The outbox hands out sign-in codes: never in production.
  if (config.nodeEnv !== 'production') devRoutes(router, accounts);
  const forbidden = loadForbiddenWords(config.forbiddenWordsFile);
  const ai = createAiProviders(config, forbidden);
  const now = deps.clock ?? Date.now;
  // The review worker runs only in a serving app (one with a server); it stops when the server closes.
  const review = options.server
    ? startReviewWorker({
        logger: deps.logger,
        events: deps.events,
        forbidden,
        moderation: ai.mode === 'model' ? ai.moderation : null,
        pollMs: config.reviewPollMs,
        delayMs: config.reviewDelayMs,
        lockMs: config.reviewLockMs,
        now,
      })
    : null;
  options.server?.once('close', () => void review?.stop());
  // Brainstorm plans run as durable jobs, like the review, only in a serving app.
  const writer = ai.mode === 'model' ? modelWriter(config, deps.logger) : offlineWriter();
  const runner =
    options.server && mongoose.connection.db
      ? startPlanRunner({
          db: mongoose.connection.db,
          logger: deps.logger,
          events: deps.events,
          forbidden,
          writer,
          images: ai.images,
          pollMs: config.plans.pollMs,
          lockMs: config.plans.lockMs,
          stepDelayMs: config.plans.offlineStepMs,
          now,
        })
      : null;
  const plans: PlanServiceDeps = {
    runner: runner ?? { ready: Promise.resolve(), enqueue: async () => undefined, stop: async () => undefined },
    forbidden,
    moderation: ai.mode === 'model' ? ai.moderation : null,
    writer: writer.name,
    dailyQuota: config.plans.dailyQuota,
    storyCountLimit: config.plans.storyCountLimit,
    offlineStepMs: config.plans.offlineStepMs,
    now,
  };
  planRoutes(router, plans);
  editorRoutes(router, {
    startBrainstorm: (uid, input) => startBrainstorm(uid, input, plans),
    forbidden,
    kickReview: () => review?.kick(),
    now,
    images: ai.images,
    imageDailyQuota: config.imageDailyQuota,
    createFromTemplate: (uid, use, editorDeps) => createStoryFromTemplate(uid, use, editorDeps),
    assertWebEditable,
  });
  templateRoutes(router, { now });
  collectionRoutes(router, { limits: config.collections, now, kickReview: () => review?.kick() });
  threadRoutes(router, { limits: config.threads, now });
  eventsRoutes(router, { now });
  const play = playRoutes(router, { config, logger: deps.logger, moderation: ai.moderation, now });
  noticeRoutes(router, { events: deps.events });
  communityRoutes(router, { now, events: deps.events });
  reactionRoutes(router);
  commentRoutes(router, { forbidden, now });
  shareRoutes(router, { publicUrl: config.publicUrl });
  opsRoutes(router, { events: deps.events, now });
  sanctionRoutes(router, { now, events: deps.events });
  reportRoutes(router, { now });
  reportConsoleRoutes(router, { now });
  const { tts } = config;
  configureSpeech({
    engine: tts.model && tts.baseUrl ? openAiSpeech({ baseUrl: tts.baseUrl, apiKey: tts.apiKey, model: tts.model }) : offlineSpeech(),
    dailyQuota: tts.dailyQuota,
    events: deps.events,
    logger: deps.logger,
    now,
  });
  voiceRoutes(router);
  lineSpeechRoutes(router);
  const { asr } = config;
  const transcriber = asr.model && asr.baseUrl ? openAiTranscriber({ baseUrl: asr.baseUrl, apiKey: asr.apiKey, model: asr.model }) : null;
  // Custom voices are reviewed (recognised text, name, preview) as durable jobs, like plans, only in a serving app.
  const voiceRunner =
    options.server && mongoose.connection.db
      ? startVoiceRunner({
          db: mongoose.connection.db,
          logger: deps.logger,
          events: deps.events,
          forbidden,
          moderation: ai.mode === 'model' ? ai.moderation : null,
          transcriber,
          pollMs: config.plans.pollMs,
          lockMs: config.plans.lockMs,
          stepMs: config.voiceJobs.stepMs,
          now,
        })
      : null;
  const ugcDeps = {
    transcriber,
    enqueueReview: async (voiceId: string) => voiceRunner?.enqueue(voiceId),
    nameFlagged: async (name: string) => {
      if (forbidden.find(name) !== null) return true;
      if (ai.mode !== 'model') return false;
      const [verdict] = await ai.moderation.moderate([name], AbortSignal.timeout(15_000));
      return verdict?.flagged === true;
    },
    now,
    logger: deps.logger,
  };
  ugcVoiceRoutes(router, ugcDeps);
  const calls = callRoutes(router, { play, limits: config.calls, transcriber, events: deps.events, logger: deps.logger, now });
  topicRoutes(router, { now });
  const commerceWebhook = setUpCommerce(router, config, now);
  feedbackRoutes(router, { now });
  // Play time's clock: the app's, but movable in browser tests (DEV_PLAY_CLOCK, never in production).
  const playTimeClock = playClock(config.devPlayClock, now);
  identityRoutes(router, { settings: config.identity, events: deps.events, now, playClock: playTimeClock, ownPlay });
  weeklyRoutes(router, { now, publicUrl: config.publicUrl, dev: config.nodeEnv !== 'production' });
  // The weekly report runs every Monday as a durable job, like plans, only in a serving app.
  const weeklyRunner =
    options.server && mongoose.connection.db
      ? startWeeklyRunner({ db: mongoose.connection.db, logger: deps.logger, pollMs: config.plans.pollMs, lockMs: config.plans.lockMs, now })
      : null;
  // A play shared as a video renders as a durable job (ffmpeg), like plans, only in a serving app.
  const videoRunner =
    options.server && mongoose.connection.db
      ? startVideoRunner({ db: mongoose.connection.db, logger: deps.logger, events: deps.events, ffmpeg: config.video.ffmpegPath, publicUrl: config.publicUrl, pollMs: config.plans.pollMs, lockMs: config.plans.lockMs })
      : null;
  videoRoutes(router, {
    dailyRenders: config.video.dailyRenders,
    publicUrl: config.publicUrl,
    events: deps.events,
    now,
    enqueue: async (taskId) => videoRunner?.enqueue(taskId),
    stopLocal: (taskId) => videoRunner?.stopLocal(taskId),
  });
  // Play time's unban at the reopening time and the allowed hours' end, durable jobs like the weekly report, only in a serving app.
  const unbanRunner =
    options.server && mongoose.connection.db
      ? startUnbanRunner({
          db: mongoose.connection.db,
          logger: deps.logger,
          events: deps.events,
          pollMs: config.plans.pollMs,
          lockMs: config.plans.lockMs,
          settings: config.identity,
          now: playTimeClock.now,
          toAppTime: playTimeClock.toAppTime,
        })
      : null;
  const clockStarted = options.server ? playTimeClock.start() : Promise.resolve();
  options.extraRoutes?.(router, deps);

  app.use(requestContext(deps.logger));
  app.use(securityHeaders);
  app.use(drainUnreadBody);
  app.use(errorEnvelope);
  app.use(clientParams);
  if (config.contractCheck) app.use(contractCheck);
  app.use(apiNotFound);
  app.use(oauthFormPost);
  // Before the JSON parser: uploads are multipart and read their own body.
  app.use(onlyWhereItRoutes(mediaMiddleware(sessionMiddleware(accounts))));
  app.use(onlyWhereItRoutes(cardMiddleware(sessionMiddleware(accounts), now)));
  app.use(onlyWhereItRoutes(ugcVoiceUploadMiddleware(sessionMiddleware(accounts), ugcDeps)));
  // Before the JSON parser: the provider's signature is over the raw body.
  app.use(commerceWebhook);
  app.use(jsonBody);
  // The online tick (once a minute per playing account) and a turn's send and stream keep their account while the
  // sessions' revision holds.
  app.use(sessionMiddleware(accounts, { byRevision: (ctx) => ctx.path === ONLINE_TICK_PATH || TURN_PATHS.has(ctx.path) }));
  app.use(router.routes());
  app.use(
    router.allowedMethods({
      throw: true,
      methodNotAllowed: () => new AppError(ErrorCode.InvalidParam, 'Method not allowed', { status: 405 }),
      notImplemented: () => new AppError(ErrorCode.InvalidParam, 'Method not implemented', { status: 501 }),
    }),
  );

  if (options.server) options.server.on('request', app.callback());
  return { app, router, server: options.server, calls, jobsReady: Promise.all([runner?.ready, voiceRunner?.ready, weeklyRunner?.ready, videoRunner?.ready, unbanRunner?.ready, clockStarted]).then(() => undefined),
    stopJobs: async () => {
      calls.stop();
      playTimeClock.stop();
      await Promise.all([runner?.stop(), voiceRunner?.stop(), weeklyRunner?.stop(), videoRunner?.stop(), unbanRunner?.stop()]);
    },
  };
}
