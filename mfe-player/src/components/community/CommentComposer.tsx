import { useState, type FormEvent, type JSX } from 'react';
import { ErrorCode, TeenMode, goToLogin, shellToast, useSessionStore, type Comment } from 'shared-kit';
import { Button, TextArea, countCharacters, messageForCode } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { COMMENT_MAX, useCommentsStore } from '../../stores/comments/store';

/** Why this person cannot write here, in the spec's words, or null. */
export function useCommentBlock(): string | null {
  const { t } = usePlayerT();
  const youth = useSessionStore((s) => s.user?.teen_mode === TeenMode.Enable);
  const closed = useCommentsStore((s) => s.commentStatus === 'Closed');
  if (youth) return t('comments.youth');
  if (closed) return t('comments.closed');
  return null;
}

/** A refusal of the api, in the words the page shows under the field. */
function refusalText(code: number | null, message: string, t: ReturnType<typeof usePlayerT>['t']): string {
  if (code === ErrorCode.TeenModeIntercept) return t('comments.youth');
  if (code === ErrorCode.UserCreateBan) return t('comments.suspended');
  if (code === ErrorCode.CommentClosed) return t('comments.closed');
  return code === null ? message : messageForCode(code, message);
}

/**
 * The comment field with its counter (the api's limit) and Post; as a reply, it names whom it answers. Visitors
 * get a log-in button instead; youth mode and closed comments get their message.
 */
export function CommentComposer({ replyTo, onDone }: { replyTo?: Comment; onDone?: () => void }): JSX.Element {
  const { t } = usePlayerT();
  const signedIn = useSessionStore((s) => s.status === 'user');
  const blocked = useCommentBlock();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = countCharacters(text.trim());

  if (!signedIn) {
    return replyTo ? (
      <></>
    ) : (
      <p className="player-comments__note">
        <Button onClick={goToLogin}>{t('comments.logIn')}</Button>
      </p>
    );
  }
  if (blocked) {
    return (
      <p className="player-comments__note" role="note">
        {blocked}
      </p>
    );
  }

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (length === 0 || length > COMMENT_MAX || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await useCommentsStore.getState().post(text.trim(), replyTo);
    setBusy(false);
    if (outcome.kind === 'refused') {
      if (outcome.code === ErrorCode.NeedLogin) goToLogin();
      else setError(refusalText(outcome.code, outcome.message, t));
      return;
    }
    setText('');
    if (outcome.kind === 'held') shellToast({ type: 'warning', message: t('comments.held') });
    onDone?.();
  }

  const name = replyTo?.user.nickname ?? '';
  return (
    <form className="player-comments__composer" onSubmit={(e) => void onSubmit(e)}>
      <TextArea
        label={replyTo ? t('comments.replyLabel', { name }) : t('comments.label')}
        hideLabel={!replyTo}
        placeholder={t('comments.placeholder')}
        rows={replyTo ? 2 : 3}
        limit={COMMENT_MAX}
        value={text}
        error={error ?? undefined}
        autoFocus={replyTo !== undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <div className="player-comments__composer-actions">
        {onDone && replyTo ? (
          <Button variant="ghost" size="sm" onClick={onDone}>
            {t('comments.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" size="sm" loading={busy} disabled={length === 0 || length > COMMENT_MAX}>
          {replyTo ? t('comments.reply') : t('comments.post')}
        </Button>
      </div>
    </form>
  );
}
