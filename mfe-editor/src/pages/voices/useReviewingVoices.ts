import { useEffect } from 'react';
import { PushType, type SocketClient, type UgcVoice } from 'shared-kit';
import { openPushes } from '../../services/pushes.service';
import * as voiceService from '../../services/voice.service';
import { useMyVoicesStore } from '../../stores/voices/store';

/** The task of a custom voice's review job in TaskProgress pushes. */
const VOICE_TASK = 'ugc_voice';

/**
 * While any of my voices is in review, the page follows its job: a Normal or Reject TaskProgress push (on a push
 * connection of the page's own) reads that voice again, for its preview or reason. Each time the connection is ready,
 * the first time and after a reconnection, the voices still in review are read again, so a review that ended while
 * no connection was there shows too.
 */
export function useReviewingVoices(mine: UgcVoice[]): void {
  const reviewing = mine.some((v) => v.status === 'Reviewing');
  useEffect(() => {
    if (!reviewing) return undefined;
    const store = useMyVoicesStore.getState;
    /** A voice read again goes in its place, unless it went meanwhile or an earlier read already saw its end. */
    const settle = (fresh: UgcVoice): void => {
      const current = store().voices.find((v) => v.voice_id === fresh.voice_id);
      if (!current || (current.status !== 'Reviewing' && fresh.status === 'Reviewing')) return;
      store().put(fresh);
    };
    const readAgain = (ids: string[]): void => {
      for (const id of ids) voiceService.getVoice(id).then(settle, () => undefined);
    };
    const inReview = (): string[] => store().voices.filter((v) => v.status === 'Reviewing').map((v) => v.voice_id);
    let client: SocketClient;
    try {
      client = openPushes({
        autoConnect: true,
        onReady: () => readAgain(inReview()),
        // Without the socket library the list is that of the last read: opening the page again reads it anew.
        onLoadError: (error) => console.error('voice library: the socket library could not be loaded', error),
      });
    } catch (error) {
      console.error('voice library: pushes could not start', error);
      return undefined;
    }
    const off = client.on(PushType.TaskProgress, (push) => {
      if (push.task !== VOICE_TASK || typeof push.voice_id !== 'string' || push.status === 'Reviewing') return;
      if (inReview().includes(push.voice_id)) readAgain([push.voice_id]);
    });
    return () => {
      off();
      client.close();
    };
  }, [reviewing]);
}
