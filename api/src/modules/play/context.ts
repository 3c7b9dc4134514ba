import type { ChatProvider } from '../../ai/chat';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { LiveReplies } from './stream/live';
import type { CheckText } from './turn/moderation';
import type { ReplyWordList } from './turn/replyGuard';

/** What the play services share: built once in playRoutes. */
export interface PlayContext {
  config: Config;
  chat: ChatProvider;
  checkText: CheckText;
  replyWords: ReplyWordList;
  live: LiveReplies;
  logger: Logger;
  now: () => number;
  mode: 'offline' | 'model';
}
