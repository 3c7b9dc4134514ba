import { ErrorCode, UserIdentity } from 'shared-kit';
import type { Next } from 'koa';
import { createChatProvider, type ChatProvider } from '../../ai/chat';
import type { ModerationProvider } from '../../ai/types';
import { aiMode, type Config } from '../../config';
import { currentAccount, requireOnboarded, requireSession } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import { chatList, deletePlayedStory, playList, playedStories, relatedStories, searchStories, storyDetail, storyInfo, storyList } from './stories/listing';
import type { PlayContext } from './context';
import { backtrack, dialogueList } from './session/history';
import { exportPlay } from './session/export';
import { currentLimit } from './turn/limits';
import { LiveReplies } from './stream/live';
import { playModeration } from './turn/moderation';
import { loadReplyWordList, type ReplyWordList } from './turn/replyGuard';
import { PLAY_REQUESTS as s } from 'shared-kit/schemas';
import { checkCoverage, chooseGreeting, endingInfo, latestVersion, ownPlay, playInfo, restartPlay, startPlay, startPlayDraft, storyOfPlay, syncLatestPlay } from './session/plays';
import { streamReply } from './stream/reply';
import { endingsFound } from './graph/state';
import { sendTurn } from './turn/send';
import { showAlternative } from './turn/regenerate';
import { stopReply } from './turn/stop';
import './session/deletion';
import './session/guestPlays';
import { devSwitchableChat } from './devChat';
import { memoryRoutes } from './memory/memory.routes';
import { recordStoryView } from '../stories';
import { feedTimeGuard, playTimeGuard } from '../identity';

export interface PlayDeps {
  config: Config;
  logger: Logger;
  moderation: ModerationProvider;
  /** The lists replies are checked against as they stream; by default the review's lists (files and FORBIDDEN_WORDS_FILE). */
  replyWords?: ReplyWordList;
  /** Overrides the provider chosen by config (tests). */
  chat?: ChatProvider;
  now?: () => number;
}

const BASE = '/api/tyler';

/** Guests may play (counted against GUEST_CHAT_TURNS); signed-in accounts must have confirmed age and terms. */
async function playGuard(ctx: AppContext, next: Next): Promise<void> {
  const user = currentAccount(ctx);
  if (user.identity === UserIdentity.Tour) return next();
  return requireOnboarded(ctx, next);
}

/**
 * Who may call: the story listing (`story/list`, `story/info`, `detail`, `latest_version`, `search`,
 * `related_story_list`) anyone; playing a session (guests too), after the first-sign-in confirmation for
 * accounts; drafts only their creator.
 */
export function playRoutes(router: AppRouter, deps: PlayDeps): PlayContext {
  const pctx: PlayContext = {
    config: deps.config,
    chat: devSwitchableChat(router, deps.chat ?? createChatProvider(deps.config, deps.logger), deps.config, deps.logger),
    checkText: playModeration(deps.moderation, deps.logger),
    replyWords: deps.replyWords ?? loadReplyWordList(deps.config.forbiddenWordsFile),
    live: new LiveReplies(),
    logger: deps.logger.child({ module: 'play' }),
    now: deps.now ?? Date.now,
    mode: aiMode(deps.config),
  };
  const uidOf = (ctx: AppContext) => currentAccount(ctx).uid;

  const list = validate({ query: s.storyListQuery });
  router.get(`${BASE}/story/list`, feedTimeGuard, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await storyList(q.offset, q.count, (ctx.state.account ?? ctx.state.user)?.uid));
  });
  const info = validate({ query: s.storyInfoQuery });
  router.get(`${BASE}/story/info`, info, async (ctx) => {
    const q = info.input(ctx).query;
    respond(ctx, await storyInfo(q.story_id, q.version_id, (ctx.state.account ?? ctx.state.user)?.uid));
  });
  const detail = validate({ query: s.storyIdQuery });
  router.get(`${BASE}/detail`, detail, async (ctx) => {
    const viewer = ctx.state.account ?? ctx.state.user;
    const shown = await storyDetail(detail.input(ctx).query.story_id, viewer?.uid);
    respond(ctx, shown);
    // A view of the story's page, for its creator's weekly report; the page never waits for it.
    recordStoryView(shown.story_id, shown.creator.uid, viewer?.uid, pctx.now()).catch((err: unknown) => pctx.logger.warn({ err }, 'story view not recorded'));
  });
  const latest = validate({ query: s.latestVersionQuery });
  router.get(`${BASE}/latest_version`, latest, async (ctx) => {
    const q = latest.input(ctx).query;
    const uid = q.play_id ? uidOf(ctx) : '';
    respond(ctx, await latestVersion(uid, q.story_id, q.play_id));
  });
  const related = validate({ query: s.relatedQuery });
  router.get(`${BASE}/related_story_list`, related, async (ctx) => {
    const q = related.input(ctx).query;
    respond(ctx, await relatedStories(q.story_id, q.count));
  });
  const search = validate({ body: s.searchBody });
  router.post(`${BASE}/search`, search, async (ctx) => {
    const b = search.input(ctx).body;
    respond(ctx, await searchStories(b.keyword, b.offset, b.size));
  });

  const start = validate({ body: s.startPlayBody });
  router.post(`${BASE}/story/start_play`, requireSession, playGuard, start, async (ctx) => {
    respond(ctx, await startPlay(pctx, uidOf(ctx), start.input(ctx).body));
  });
  const startDraft = validate({ body: s.startPlayBody });
  router.post(`${BASE}/story/start_play_draft`, requireSession, playGuard, startDraft, async (ctx) => {
    if (currentAccount(ctx).identity === UserIdentity.Tour) throw new AppError(ErrorCode.NeedLogin);
    respond(ctx, await startPlayDraft(pctx, uidOf(ctx), startDraft.input(ctx).body));
  });

  const pinfo = validate({ query: s.playIdQuery });
  router.get(`${BASE}/play_info`, requireSession, pinfo, async (ctx) => {
    const user = currentAccount(ctx);
    const play = await ownPlay(pinfo.input(ctx).query.play_id, user.uid);
    const limit = await currentLimit(user, pctx.config.chat, pctx.config.guestChatTurns, pctx.now());
    respond(ctx, { ...(await playInfo(pctx, play)), send_limit: limit });
  });
  const dlist = validate({ query: s.dialogueListQuery });
  router.get(`${BASE}/dialogue_list`, requireSession, dlist, async (ctx) => respond(ctx, await dialogueList(uidOf(ctx), dlist.input(ctx).query)));

  // Ours (the spec has none): the play as a file to keep or to open in another chat app; streamed, never held whole.
  const exportQ = validate({ query: s.playExportQuery });
  router.get(`${BASE}/play/export`, requireSession, exportQ, async (ctx) => {
    const file = await exportPlay(uidOf(ctx), exportQ.input(ctx).query, new Date(pctx.now()));
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_');
    ctx.set('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = file.mime;
    ctx.body = file.body;
  });

  const send = validate({ body: s.sendBody });
  router.post(`${BASE}/message/send`, requireSession, playGuard, playTimeGuard, send, async (ctx) => {
    respond(ctx, await sendTurn(pctx, currentAccount(ctx), send.input(ctx).body));
  });
  // Ours: which of a regenerated reply's texts is shown (and taken by the next prompt).
  const alternative = validate({ body: s.showAlternativeBody });
  router.post(`${BASE}/message/show_alternative`, requireSession, playGuard, alternative, async (ctx) => {
    respond(ctx, await showAlternative(pctx, uidOf(ctx), alternative.input(ctx).body));
  });
  // Ours: the player stops the reply being written; the words so far stay and the model request is closed.
  const stopQ = validate({ body: s.stopReplyBody });
  router.post(`${BASE}/message/stop`, requireSession, playGuard, stopQ, async (ctx) => {
    respond(ctx, await stopReply(uidOf(ctx), stopQ.input(ctx).body));
  });
  const stream = validate({ query: s.streamQuery });
  router.get(`${BASE}/message/stream_reply`, requireSession, stream, async (ctx) => {
    await streamReply(pctx, ctx, uidOf(ctx), stream.input(ctx).query);
  });

  const back = validate({ body: s.backtrackBody });
  router.post(`${BASE}/story/backtrack`, requireSession, playGuard, back, async (ctx) => {
    const b = back.input(ctx).body;
    respond(ctx, await backtrack(pctx, uidOf(ctx), b.play_id, b.dialogue_id));
  });
  const restart = validate({ body: s.playIdBody });
  router.post(`${BASE}/story/restart_play`, requireSession, playGuard, restart, async (ctx) => {
    respond(ctx, await restartPlay(pctx, uidOf(ctx), restart.input(ctx).body.play_id));
  });
  const greeting = validate({ body: s.chooseGreetingBody });
  router.post(`${BASE}/story/choose_greeting`, requireSession, playGuard, greeting, async (ctx) => {
    const b = greeting.input(ctx).body;
    respond(ctx, await chooseGreeting(pctx, uidOf(ctx), b.play_id, b.greeting));
  });
  const sync = validate({ body: s.playIdBody });
  router.post(`${BASE}/story/sync_latest_play`, requireSession, playGuard, sync, async (ctx) => {
    respond(ctx, await syncLatestPlay(pctx, uidOf(ctx), sync.input(ctx).body.play_id));
  });
  const ending = validate({ query: s.playIdQuery });
  router.get(`${BASE}/play_ending_info`, requireSession, ending, async (ctx) => {
    respond(ctx, await endingInfo(pctx, uidOf(ctx), ending.input(ctx).query.play_id));
  });
  // Ours: a branching story's endings the player found in any of their plays, and a play's map of the nodes it passed.
  const endings = validate({ query: s.endingsQuery });
  router.get(`${BASE}/story/endings`, requireSession, endings, async (ctx) => {
    const q = endings.input(ctx).query;
    respond(ctx, await endingsFound(uidOf(ctx), q.story_id, q.play_id, storyOfPlay));
  });
  const played = validate({ query: s.playedQuery });
  router.get(`${BASE}/played_story`, requireSession, played, async (ctx) => {
    const q = played.input(ctx).query;
    respond(ctx, await playedStories(uidOf(ctx), q.offset, q.count, q.within_days, pctx.now()));
  });
  const chats = validate({ query: s.chatListQuery });
  router.get(`${BASE}/chat_list`, requireSession, chats, async (ctx) => {
    const q = chats.input(ctx).query;
    respond(ctx, await chatList(uidOf(ctx), q.offset, q.count));
  });
  const plays = validate({ query: s.playListQuery });
  router.get(`${BASE}/story/play_list`, requireSession, plays, async (ctx) => {
    const q = plays.input(ctx).query;
    respond(ctx, await playList(uidOf(ctx), q.story_id, q.offset, q.count));
  });
  // The spec lists it with the GET calls; POST with a body is accepted too.
  const delQ = validate({ query: s.delPlayedBody });
  router.get(`${BASE}/del_played_story`, requireSession, delQ, async (ctx) => {
    respond(ctx, await deletePlayedStory(uidOf(ctx), delQ.input(ctx).query.story_id ?? null));
  });
  const delB = validate({ body: s.delPlayedBody });
  router.post(`${BASE}/del_played_story`, requireSession, delB, async (ctx) => {
    respond(ctx, await deletePlayedStory(uidOf(ctx), delB.input(ctx).body.story_id ?? null));
  });
  const coverage = validate({ query: s.storyIdQuery });
  router.get(`${BASE}/check_coverage`, requireSession, coverage, async (ctx) => {
    respond(ctx, await checkCoverage(uidOf(ctx), coverage.input(ctx).query.story_id));
  });
  memoryRoutes(router, pctx);
  return pctx;
}
