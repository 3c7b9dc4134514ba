import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { goToLogin, useSessionStore } from 'shared-kit';
import { Button, ConfirmDialog, EmptyState, formatRelativeTime } from 'ui-kit';
import type { ChatEntry, PlayedStory } from '../../api/types';
import { usePlayerT } from '../../i18n';
import { useFeedStore, type PlayedList } from '../../stores/feed/store';
import { usePlayerPath } from '../paths';
import { StoryCardView } from '../StoryCardView';
import { StoryList } from './StoryList';

const EMPTY = { chats: 'feed.emptyChats', history: 'feed.emptyHistory', recent: 'feed.emptyRecent' } as const;

function ContinueLink({ story }: { story: PlayedStory }): JSX.Element {
  const { t } = usePlayerT();
  return (
    <Link
      className="ui-button ui-button--primary ui-button--sm"
      // That very play: a conversation's Continue resumes the play its card shows, not whichever is latest then.
      to={usePlayerPath(`story/${story.story_id}/play/${story.play_id}`)}
      aria-label={t('feed.continueChat', { name: story.story_name })}
    >
      {t('story.continue')}
    </Link>
  );
}

/** "You: …" or "Mira: …": the last line said in a conversation. */
function LastLine({ chat }: { chat: ChatEntry }): JSX.Element | null {
  const { t } = usePlayerT();
  const line = chat.last_line;
  if (!line) return null;
  // The narrator is named in the UI's language (the api names it in English).
  const who = line.role === 'player' ? t('feed.you') : line.role === 'narrator' ? t('feed.narrator') : line.character_name || t('feed.narrator');
  const text = line.content.trim() || t('feed.hiddenLine');
  return <p className="player-card__meta player-chat__line">{t('feed.lastLine', { who, text })}</p>;
}

/**
 * Chats, History or Recently played: the lists read from the player's plays. Signed out, a prompt to log in; each list
 * is read when first shown for the account signed in (another account reads its own).
 */
export function PlayedTab({ list }: { list: PlayedList }): JSX.Element {
  const { t } = usePlayerT();
  const signedIn = useSessionStore((s) => s.status === 'user');
  const state = useFeedStore((s) => s[list]);
  const deleting = useFeedStore((s) => s.deleting);
  const { loadPlayed, deletePlayed, clearHistory } = useFeedStore.getState();
  const [confirming, setConfirming] = useState<PlayedStory | 'all' | null>(null);

  useEffect(() => {
    if (signedIn && state.status === 'idle') void loadPlayed(list);
  }, [signedIn, state.status, list, loadPlayed]);

  if (!signedIn) {
    return <EmptyState title={t(EMPTY[list])} action={<Button onClick={goToLogin}>{t('feed.logInForPlays')}</Button>} />;
  }

  function playedWhen(story: PlayedStory): string {
    const at = story.last_played_at ? Date.parse(story.last_played_at) : NaN;
    return Number.isFinite(at) ? t('feed.playedAgo', { when: formatRelativeTime(at) }) : '';
  }

  return (
    <>
      {list === 'history' && state.items.length > 0 ? (
        <div className="player-row player-row--end">
          <Button size="sm" variant="ghost" disabled={deleting !== null} onClick={() => setConfirming('all')}>
            {t('feed.clearHistory')}
          </Button>
        </div>
      ) : null}
      <StoryList<PlayedStory | ChatEntry>
        list={state}
        empty={t(EMPTY[list])}
        onMore={() => void loadPlayed(list, true)}
        onRetry={() => void loadPlayed(list)}
        render={(s) => (
          <StoryCardView
            key={s.story_id}
            story={s}
            extra={
              <>
                {list === 'chats' ? <LastLine chat={s as ChatEntry} /> : null}
                <p className="player-card__meta">{playedWhen(s)}</p>
              </>
            }
            actions={
              list === 'chats' ? (
                <ContinueLink story={s} />
              ) : list === 'history' ? (
                <Button
                  size="sm"
                  aria-label={t('feed.deleteFromHistory', { name: s.story_name })}
                  disabled={deleting !== null}
                  onClick={() => setConfirming(s)}
                >
                  {t('feed.delete')}
                </Button>
              ) : undefined
            }
          />
        )}
      />
      {state.error && state.status === 'ready' ? <p role="alert">{state.error}</p> : null}
      {confirming ? (
        <ConfirmDialog
          title={confirming === 'all' ? t('feed.clearTitle') : t('feed.deleteTitle')}
          confirmLabel={confirming === 'all' ? t('feed.clearHistory') : t('feed.delete')}
          danger
          busy={deleting !== null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const done = confirming === 'all' ? clearHistory() : deletePlayed(confirming.story_id);
            void done.then(() => setConfirming(null));
          }}
        >
          {confirming === 'all' ? t('feed.clearText') : t('feed.deleteText', { name: confirming.story_name })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
