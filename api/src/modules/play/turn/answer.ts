import { ErrorCode } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import type { presentDialogue } from '../stories/play.presenter';
import { checkInputSize, type spendMessage } from './limits';

/** What `message/send` answers (a message, a choice, a regeneration). */
export interface SendAnswer {
  play_id: string;
  group_id: string;
  input_dialogue: ReturnType<typeof presentDialogue> | null;
  reply_dialogue_ids: string[];
  seq_st: number;
  seq_ed: number;
  send_limit: Awaited<ReturnType<typeof spendMessage>>['limit'];
  guest: boolean;
  /** An edit: the old turn's rows from this number on are gone. */
  removed_from_seq?: number;
}

/** 1009 for an empty message, 1012 for one over the size limits, else null. */
export function inputProblem(message: string, ctx: PlayContext): AppError | null {
  if (message === '') return new AppError(ErrorCode.ClientParamError, 'message: must not be empty');
  try {
    checkInputSize(message, ctx.config.chat);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}
