import { resetCommentsStore } from './comments/store';
import { resetFeedStore } from './feed/store';
import { resetLikedStore } from './liked/store';
import { resetLiveCountsStore } from './live-counts/store';
import { resetPlayStore } from './play/store';
import { resetReplyMarksStore } from './reply-marks/store';
import { resetStoryStatsStore } from './story-stats/store';

/** Every store of the player back to its initial state (tests). */
export function resetPlayerStores(): void {
  resetFeedStore();
  resetPlayStore();
  resetCommentsStore();
  resetStoryStatsStore();
  resetLikedStore();
  resetReplyMarksStore();
  resetLiveCountsStore();
}
