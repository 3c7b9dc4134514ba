import { useEffect, useState, type JSX } from 'react';
import type { BlockedUser } from '../api/types';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
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

  useEffect(() => {
    void load();
  }, [load]);

  async function onConfirm(): Promise<void> {
    if (!asking) return;
    const who = asking;
    if (await unblock(who.uid)) {
      setAsking(null);
      toast({ type: 'success', message: `${who.nickname} is unblocked` });
    }
  }

  return (
    <div className="acct-page">
      <PageHeader title="Blocked users" />
      {status === 'error' ? (
        <section className="acct-card">
          <p role="alert">{error}</p>
          <button type="button" className="acct-button" onClick={() => void load()}>
            Try again
          </button>
        </section>
      ) : status !== 'ready' ? (
        <p className="acct-loading" role="status">
          Loading blocked users…
        </p>
      ) : empty ? (
        <section className="acct-card acct-center acct-empty">
          <h2>You haven’t blocked anyone</h2>
          <p className="acct-muted">
            People you block can’t follow you, like or comment on your stories, message you, share threads with you or
            use your characters. Block someone from their profile or a story’s menu.
          </p>
        </section>
      ) : (
        <section className="acct-card" aria-label="Blocked users">
          <ul className="acct-people">
            {list.map((u) => (
              <li key={u.uid} className="acct-person">
                <Avatar src={avatarSrc(u.avatar)} name={u.nickname} size={44} />
                <div className="acct-person__text">
                  <span className="acct-person__name">{u.nickname}</span>
                  {u.username ? <span className="acct-muted">@{u.username}</span> : null}
                </div>
                <button
                  type="button"
                  className="acct-button acct-button--small"
                  aria-label={`Unblock ${u.nickname}`}
                  disabled={unblocking === u.uid}
                  onClick={() => setAsking(u)}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
          {error ? (
            <p className="acct-error" role="alert">
              {error}
            </p>
          ) : null}
          {hasMore ? (
            <button type="button" className="acct-button acct-button--block" disabled={loadingMore} onClick={() => void loadMore()}>
              {loadingMore ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </section>
      )}

      {asking ? (
        <ConfirmDialog
          title={`Unblock ${asking.nickname}?`}
          confirmLabel="Unblock"
          busy={unblocking === asking.uid}
          onConfirm={() => void onConfirm()}
          onCancel={() => setAsking(null)}
        >
          <p>They will be able to follow you, comment on your stories and message you again.</p>
          {unblockError ? (
            <p className="acct-error" role="alert">
              {unblockError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
