import { useState, type JSX } from 'react';
import { goToLogin, useSessionStore, type Comment } from 'shared-kit';
import { Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { ReportDialog } from '../ReportDialog';

/**
 * The report entry of a comment or a reply (the story page's report dialog, as a comment). None on one's own or a
 * held comment; a visitor is sent to log in. A comment hidden by a block meanwhile is answered as gone by the api,
 * which the dialog says.
 */
export function CommentReport({ comment, name }: { comment: Comment; name: string }): JSX.Element | null {
  const { t } = usePlayerT();
  const status = useSessionStore((s) => s.status);
  const uid = useSessionStore((s) => s.user?.uid ?? '');
  const [open, setOpen] = useState(false);
  if (status === 'user' && comment.user.uid === uid) return null;
  const signedIn = status === 'user';
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={signedIn ? t('commentReport.label', { name }) : t('commentReport.logIn')}
        onClick={() => (signedIn ? setOpen(true) : goToLogin())}
      >
        {t('report.open')}
      </Button>
      {signedIn ? <ReportDialog open={open} onClose={() => setOpen(false)} targetType="comment" targetId={comment.comment_id} /> : null}
    </>
  );
}
