import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { CommentStatus, goToLogin, shellToast, useSessionStore, type Comment } from 'shared-kit';
import { Avatar, Badge, Button, ConfirmDialog, formatRelativeTime } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { pictureSrc } from '../../lib/media';
import { useCommentsStore } from '../../stores/comments/store';
import { usePlayerPath } from '../paths';
import { CommentReport } from '../replies/CommentReport';
import { CommentComposer } from './CommentComposer';

function Author({ user }: { user: Comment['user'] }): JSX.Element {
  const { t } = usePlayerT();
  const to = usePlayerPath(`user/${user.uid}`);
  const name = user.nickname || t('common.unknownCreator');
  return (
    <Link to={to} className="player-comment__author">
      <Avatar name={name} src={pictureSrc(user.avatar)} size="sm" decorative />
      <span>{name}</span>
    </Link>
  );
}

/** One comment: who, when, the text, its likes and the actions this viewer may take; a root also holds its replies. */
export function CommentItem({ comment, isCreator }: { comment: Comment; isCreator: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const signedIn = useSessionStore((s) => s.status === 'user');
  const replies = useCommentsStore((s) => (comment.root_id ? undefined : s.replies[comment.comment_id]));
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = comment.user.nickname || t('common.unknownCreator');
  const held = comment.status === CommentStatus.SelfVisible;
  const isRoot = !comment.root_id;
  const at = comment.created_at ? Date.parse(comment.created_at) : NaN;
  const store = useCommentsStore.getState;

  const report = (message: string | null) => {
    if (message) shellToast({ type: 'error', message });
  };

  return (
    <li className={isRoot ? 'player-comment' : 'player-comment player-comment--reply'} data-comment-id={comment.comment_id}>
      <article aria-label={t('comments.by', { name })}>
        <header className="player-comment__head">
          <Author user={comment.user} />
          {comment.reply_to && !isRoot ? (
            <span className="player-comment__meta">{t('comments.replyingTo', { name: comment.reply_to.nickname })}</span>
          ) : null}
          {Number.isFinite(at) ? <span className="player-comment__meta">{formatRelativeTime(at)}</span> : null}
          {comment.pinned ? <Badge tone="info">{t('comments.pinned')}</Badge> : null}
          {held ? <Badge tone="warning">{t('comments.heldTitle')}</Badge> : null}
        </header>
        <p className="player-comment__text">{comment.text}</p>
        {held ? <p className="player-comment__held">{t('comments.held')}</p> : null}
        <div className="player-comment__actions">
          {held ? null : (
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={comment.liked}
              aria-label={t('comments.likeNamed', { likes: t('comments.likes', { count: comment.like_count }), name })}
              icon={<span aria-hidden="true">{comment.liked ? '♥' : '♡'}</span>}
              onClick={() => (signedIn ? void store().toggleLike(comment).then(report) : goToLogin())}
            >
              {t('comments.likes', { count: comment.like_count })}
            </Button>
          )}
          {held || !signedIn ? null : (
            <Button size="sm" variant="ghost" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
              {t('comments.reply')}
            </Button>
          )}
          {isCreator && isRoot && !held ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={comment.pinned ? t('comments.unpinLabel', { name }) : t('comments.pinLabel', { name })}
              onClick={() => void store().togglePin(comment).then(report)}
            >
              {comment.pinned ? t('comments.unpin') : t('comments.pin')}
            </Button>
          ) : null}
          {held ? null : <CommentReport comment={comment} name={name} />}
          {comment.can_delete ? (
            <Button size="sm" variant="ghost" aria-label={t('comments.deleteLabel', { name })} onClick={() => setConfirming(true)}>
              {t('comments.delete')}
            </Button>
          ) : null}
        </div>
        {replying ? <CommentComposer replyTo={comment} onDone={() => setReplying(false)} /> : null}
      </article>
      {isRoot ? <RepliesOf root={comment} isCreator={isCreator} replies={replies} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('comments.deleteTitle')}
          confirmLabel={t('comments.delete')}
          danger
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setDeleting(true);
            void store()
              .remove(comment)
              .then((message) => {
                setDeleting(false);
                setConfirming(false);
                report(message);
              });
          }}
        >
          {t('comments.deleteText')}
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/** A root's replies: shown on demand, oldest first, paged. */
function RepliesOf({
  root,
  isCreator,
  replies,
}: {
  root: Comment;
  isCreator: boolean;
  replies: ReturnType<typeof useCommentsStore.getState>['replies'][string] | undefined;
}): JSX.Element | null {
  const { t } = usePlayerT();
  const [shown, setShown] = useState(true);
  const name = root.user.nickname || t('common.unknownCreator');
  const { loadReplies } = useCommentsStore.getState();
  const items = replies?.items ?? [];
  if (!replies || (!shown && items.length > 0)) {
    if (root.reply_count === 0 && items.length === 0) return null;
    return (
      <Button
        size="sm"
        variant="ghost"
        className="player-comment__more"
        onClick={() => {
          setShown(true);
          if (!replies) void loadReplies(root.comment_id);
        }}
      >
        {t('comments.showReplies', { count: Math.max(root.reply_count, items.length) })}
      </Button>
    );
  }
  return (
    <div className="player-comment__replies">
      {items.length > 0 ? (
        <ul aria-label={t('comments.repliesTo', { name })} className="player-comments__list">
          {items.map((c) => (
            <CommentItem key={c.comment_id} comment={c} isCreator={isCreator} />
          ))}
        </ul>
      ) : null}
      {replies.status === 'error' ? <p role="alert">{replies.error}</p> : null}
      {replies.hasMore ? (
        <Button size="sm" variant="ghost" loading={replies.status === 'loading'} onClick={() => void loadReplies(root.comment_id, true)}>
          {t('comments.moreReplies')}
        </Button>
      ) : null}
      {items.length > 0 ? (
        <Button size="sm" variant="ghost" onClick={() => setShown(false)}>
          {t('comments.hideReplies')}
        </Button>
      ) : null}
    </div>
  );
}
