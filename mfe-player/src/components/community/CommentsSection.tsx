import { useEffect, type JSX } from 'react';
import './community.css';
import { StoryCommentStatus, shellToast } from 'shared-kit';
import { Badge, Button, EmptyState, Spinner, Switch, Tabs } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useCommentsStore } from '../../stores/comments/store';
import type { CommentSort } from '../../services/community.service';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

const SORTS: readonly CommentSort[] = ['newest', 'top'];

function shellToastError(message: string | null): void {
  if (message) shellToast({ type: 'error', message });
}

function CommentList({ isCreator }: { isCreator: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const items = useCommentsStore((s) => s.items);
  const status = useCommentsStore((s) => s.status);
  const error = useCommentsStore((s) => s.error);
  const hasMore = useCommentsStore((s) => s.hasMore);
  const { open, loadMore, storyId } = useCommentsStore.getState();

  if (items.length === 0 && (status === 'loading' || status === 'idle')) {
    return (
      <p className="player-status" role="status">
        <Spinner size="sm" decorative /> {t('comments.loading')}
      </p>
    );
  }
  if (items.length === 0 && status === 'error') {
    return (
      <div className="player-status">
        <p role="alert">{error}</p>
        <Button onClick={() => void open(storyId)}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (items.length === 0) return <EmptyState title={t('comments.empty')} />;
  return (
    <>
      <ul className="player-comments__list">
        {items.map((c) => (
          <CommentItem key={c.comment_id} comment={c} isCreator={isCreator} />
        ))}
      </ul>
      {status === 'error' ? <p role="alert">{error}</p> : null}
      {hasMore ? (
        <Button className="player-comments__more" loading={status === 'loading'} onClick={() => void loadMore()}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The story's comments: count, newest and top tabs with "load more", the composer, and for the story's creator
 * the switch that opens or closes comments.
 */
export function CommentsSection({ storyId, isCreator }: { storyId: string; isCreator: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const count = useCommentsStore((s) => s.commentCount);
  const sort = useCommentsStore((s) => s.sort);
  const commentStatus = useCommentsStore((s) => s.commentStatus);
  const loaded = useCommentsStore((s) => s.storyId === storyId && s.status !== 'idle');
  const { open, setSort, setCommentStatus } = useCommentsStore.getState();

  useEffect(() => {
    void open(storyId);
  }, [storyId, open]);

  return (
    <section id="comments" className="player-comments" aria-labelledby="player-comments-title">
      <div className="player-row">
        <h2 id="player-comments-title" className="player-subtitle">
          {t('comments.titleCount', { count })}
        </h2>
        {isCreator && loaded ? (
          <Switch
            label={t('comments.openComments')}
            checked={commentStatus === StoryCommentStatus.Open}
            onCheckedChange={(on) => {
              void setCommentStatus(on ? StoryCommentStatus.Open : StoryCommentStatus.Closed).then(shellToastError);
            }}
          />
        ) : commentStatus === StoryCommentStatus.Closed ? (
          <Badge>{t('comments.closedBadge')}</Badge>
        ) : null}
      </div>
      <CommentComposer />
      <Tabs
        label={t('comments.sortLabel')}
        value={sort}
        onValueChange={(value) => {
          if (value === 'newest' || value === 'top') void setSort(value);
        }}
        items={SORTS.map((key) => ({
          value: key,
          label: t(key === 'newest' ? 'comments.newest' : 'comments.top'),
          content: key === sort ? <CommentList isCreator={isCreator} /> : null,
        }))}
      />
    </section>
  );
}
