import { unwrap, type BacktrackRequest, type ChooseGreetingRequest, type DialogueListQuery, type Envelope, type PlayIdRequest, type PlayListQuery, type ShowAlternativeRequest, type StartPlayRequest, type StopReplyRequest } from 'shared-kit';
import { apiClient } from '../api/client';
import type { BacktrackResult, Dialogue, DialoguePage, EndingInfo, LatestVersion, PlayInfo, PlayList, PlayStart, SendRequest, SendResult } from '../api/types';

const T = '/tyler';
// Calls here are silent: the play screen shows every failure where it happened (beside the input, in a banner).
const quiet = { silent: true } as const;

/** The body of start_play: the play `playId` when given (not with a new play), else the latest. */
function startBody(storyId: string, isNewPlay: boolean, playId?: string): StartPlayRequest {
  return playId && !isNewPlay ? { story_id: storyId, play_id: playId } : { story_id: storyId, is_new_play: isNewPlay };
}

/**
 * Resumes the player's play `playId` of the story, or their latest, or starts one (`is_new_play` always starts
 * anew). Someone else's play id answers 1050001.
 */
export function startPlay(storyId: string, isNewPlay: boolean, playId?: string): Promise<PlayStart> {
  return unwrap(apiClient.post<Envelope<PlayStart>>(`${T}/story/start_play`, startBody(storyId, isNewPlay, playId), quiet));
}

/** The creator's play-test of the working copy (spec §7 `start_play_draft`); owners only. */
export function startPlayDraft(storyId: string, isNewPlay: boolean, playId?: string): Promise<PlayStart> {
  return unwrap(apiClient.post<Envelope<PlayStart>>(`${T}/story/start_play_draft`, startBody(storyId, isNewPlay, playId), quiet));
}

/** The player's own plays of a story, newest first (the story page's list). */
export function playList(storyId: string, offset = 0, count = 20): Promise<PlayList> {
  return unwrap(apiClient.get<Envelope<PlayList>>(`${T}/story/play_list`, { params: { story_id: storyId, offset, count } satisfies PlayListQuery, ...quiet }));
}

export function playInfo(playId: string): Promise<PlayInfo> {
  return unwrap(apiClient.get<Envelope<PlayInfo>>(`${T}/play_info`, { params: { play_id: playId }, ...quiet }));
}

/** A page of dialogues: from `seqSt` up, or the page before `seqEd`, or the newest page. */
export function dialogueList(playId: string, range: { seqSt?: number; seqEd?: number; count?: number }): Promise<DialoguePage> {
  return unwrap(
    apiClient.get<Envelope<DialoguePage>>(`${T}/dialogue_list`, {
      params: { play_id: playId, seq_st: range.seqSt, seq_ed: range.seqEd, count: range.count ?? 50 } satisfies DialogueListQuery,
      ...quiet,
    }),
  );
}

export function sendMessage(request: SendRequest): Promise<SendResult> {
  return unwrap(apiClient.post<Envelope<SendResult>>(`${T}/message/send`, request, quiet));
}

/** Stops the reply being written; its words so far stay. */
export function stopReply(playId: string, dialogueId: string): Promise<{ stopped: boolean }> {
  return unwrap(apiClient.post<Envelope<{ stopped: boolean }>>(`${T}/message/stop`, { play_id: playId, dialogue_id: dialogueId } satisfies StopReplyRequest, quiet));
}

/** Shows (and keeps) version `index` of a regenerated reply of the latest turn. */
export function showAlternative(playId: string, dialogueId: string, index: number): Promise<{ dialogue: Dialogue }> {
  return unwrap(
    apiClient.post<Envelope<{ dialogue: Dialogue }>>(`${T}/message/show_alternative`, { play_id: playId, dialogue_id: dialogueId, index } satisfies ShowAlternativeRequest, quiet),
  );
}

export function backtrack(playId: string, dialogueId: string): Promise<BacktrackResult> {
  return unwrap(apiClient.post<Envelope<BacktrackResult>>(`${T}/story/backtrack`, { play_id: playId, dialogue_id: dialogueId } satisfies BacktrackRequest, quiet));
}

/** Before the first turn: the play opens with another of its openings (0: the opening line). */
export function chooseGreeting(playId: string, greeting: number): Promise<PlayStart> {
  return unwrap(apiClient.post<Envelope<PlayStart>>(`${T}/story/choose_greeting`, { play_id: playId, greeting } satisfies ChooseGreetingRequest, quiet));
}

export function restartPlay(playId: string): Promise<PlayStart> {
  return unwrap(apiClient.post<Envelope<PlayStart>>(`${T}/story/restart_play`, { play_id: playId } satisfies PlayIdRequest, quiet));
}

export function syncLatestPlay(playId: string): Promise<PlayStart & { changed: boolean }> {
  return unwrap(apiClient.post<Envelope<PlayStart & { changed: boolean }>>(`${T}/story/sync_latest_play`, { play_id: playId } satisfies PlayIdRequest, quiet));
}

export function latestVersion(storyId: string, playId: string): Promise<LatestVersion> {
  return unwrap(apiClient.get<Envelope<LatestVersion>>(`${T}/latest_version`, { params: { story_id: storyId, play_id: playId }, ...quiet }));
}

export function endingInfo(playId: string): Promise<EndingInfo> {
  return unwrap(apiClient.get<Envelope<EndingInfo>>(`${T}/play_ending_info`, { params: { play_id: playId }, ...quiet }));
}
