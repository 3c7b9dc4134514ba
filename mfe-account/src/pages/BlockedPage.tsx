import { useEffect, useState, type JSX } from 'react';
import type { BlockedUser } from '../api/types';
import { Avatar, Button, Card, ConfirmDialog, Spinner } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountT } from '../i18n';
import { avatarSrc } from '../lib/avatar';
import { shellToast as toast } from 'shared-kit';
import {
  selectBlocked,
  selectBlockedError,
  selectBlockedStatus,
  selectHasMore,
  selectIsEmpty,
  selectUnblockError,
  selectUnblocking,
} from '../stores/blocked/selectors';
import { useBlockedStore } from '../stores/blocked/store';

/** `/account/blocked`: people you blocked, each with Unblock (asked first), or an empty state. */
export function BlockedPage(): JSX.Element {
  const status = useBlockedStore(selectBlockedStatus);
  const list = useBlockedStore(selectBlocked);
  const empty = useBlockedStore(selectIsEmpty);
  const error = useBlockedStore(selectBlockedError);
  const hasMore = useBlockedStore(selectHasMore);
  const unblocking = useBlockedStore(selectUnblocking);
  const unblockError = useBlockedStore(selectUnblockError);
  const loadingMore = useBlockedStore((s) => s.loadingMore);
  const { load, loadMore, unblock } = useBlockedStore.getState();
  const [asking, setAsking] = useState<BlockedUser | null>(null);
  const { t } = useAccountT();

  useEffect(() => {
    void load();
  }, [load]);

  async function onConfirm(): Promise<void> {
    if (!asking) return;
    const who = asking;
    if (await unblock(who.uid)) {
      setAsking(null);
      toast({ type: 'success', message: t('blocked.unblocked', { name: who.nickname }) });
    }
  }

  return (
    <div className="account-page">
      <PageHeader title={t('blocked.title')} />
      {status === 'error' ? (
        <Card as="section">
          <p role="alert">{error}</p>
          <Button onClick={() => void load()}>{t('common.tryAgain')}</Button>
        </Card>
      ) : status !== 'ready' ? (
        <Spinner label={t('blocked.loading')} />
      ) : empty ? (
        <Card as="section" className="account-center">
          <h2>{t('blocked.emptyTitle')}</h2>
          <p className="ui-text-muted">{t('blocked.emptyText')}</p>
        </Card>
      ) : (
        <Card as="section" aria-label={t('blocked.title')}>
          <ul className="account-people">
            {list.map((u) => (
              <li key={u.uid} className="account-person">
                <Avatar src={avatarSrc(u.avatar)} name={u.nickname} size="sm" decorative />
                <div className="account-person__text">
                  <span className="account-person__name">{u.nickname}</span>
                  {u.username ? <span className="ui-text-muted">@{u.username}</span> : null}
                </div>
                <Button size="sm" aria-label={t('blocked.unblockName', { name: u.nickname })} disabled={unblocking === u.uid} onClick={() => setAsking(u)}>
                  {t('blocked.unblock')}
                </Button>
              </li>
            ))}
          </ul>
          {error ? (
            <p className="account-error" role="alert">
              {error}
            </p>
          ) : null}
          {hasMore ? (
            <Button block loading={loadingMore} onClick={() => void loadMore()}>
              {t('blocked.showMore')}
            </Button>
          ) : null}
        </Card>
      )}

      {asking ? (
        <ConfirmDialog
          title={t('blocked.unblockTitle', { name: asking.nickname })}
          confirmLabel={t('blocked.unblock')}
          busy={unblocking === asking.uid}
          onConfirm={() => void onConfirm()}
          onCancel={() => setAsking(null)}
        >
          {t('blocked.unblockText')}
          {unblockError ? (
            <span className="account-error" role="alert">
              {unblockError}
            </span>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
