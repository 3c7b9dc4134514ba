import { useEffect, useState, type JSX } from 'react';
import { ErrorCode, isApiError, SendLimitStatus } from 'shared-kit';
import { Button } from 'ui-kit';
import type { SendLimit } from '../api/types';
import { usePlayerT } from '../i18n';
import { claimReward, fetchAdsConfig, startAd, type AdStart } from '../services/ads.service';
import { usePlayStore } from '../stores/play/store';
import { HouseAd } from './HouseAd';

type Ad = { state: 'idle' } | { state: 'starting' } | { state: 'watching'; ad: AdStart } | { state: 'claiming' };

/**
 * At the daily limit: watch the house ad for more chats today (the api verifies the view and raises the day's limit,
 * and the input opens again), or become a member (the account's membership page).
 */
export function LimitOffers({ limit }: { limit: SendLimit }): JSX.Element {
  const { t } = usePlayerT();
  const [ad, setAd] = useState<Ad>({ state: 'idle' });
  const [reward, setReward] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchAdsConfig().then(
      (c) => live && setReward(c.reward_chats),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  function failed(err: unknown): void {
    setAd({ state: 'idle' });
    setNote(isApiError(err) && err.code === ErrorCode.AdChatLimitReached ? t('ads.noMoreToday') : t('ads.failed'));
  }

  async function watch(): Promise<void> {
    setNote(null);
    setAd({ state: 'starting' });
    try {
      setAd({ state: 'watching', ad: await startAd() });
    } catch (err) {
      failed(err);
    }
  }

  async function claim(token: string): Promise<void> {
    setAd({ state: 'claiming' });
    try {
      const got = await claimReward(token);
      setAd({ state: 'idle' });
      // The day's limit rose by the reward: the input opens again; the next send brings the api's own count.
      usePlayStore.setState({
        sendLimit: { status: SendLimitStatus.Normal, code: 0, used: Math.max(0, limit.limit - got.reward_chats), limit: limit.limit, scope: 'daily' },
      });
    } catch (err) {
      failed(err);
    }
  }

  return (
    <>
      <div className="player-limit__offers">
        {reward !== null && reward > 0 ? (
          <Button variant="primary" onClick={() => void watch()} loading={ad.state === 'starting' || ad.state === 'claiming'}>
            {t('ads.watch', { count: reward })}
          </Button>
        ) : null}
        <a className="ui-button ui-button--secondary ui-button--md" href="/account/membership">
          {t('ads.becomeMember')}
        </a>
      </div>
      {note ? <p role="status">{note}</p> : null}
      {ad.state === 'watching' ? (
        <HouseAd watchMs={ad.ad.min_watch_ms} onDone={() => void claim(ad.ad.token)} onClose={() => setAd({ state: 'idle' })} />
      ) : null}
    </>
  );
}
