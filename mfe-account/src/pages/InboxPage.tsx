import { useEffect, type JSX } from 'react';
import { NoticeKind, type Notice } from 'shared-kit';
import { isThreadId } from 'shared-kit/areas';
import { Avatar, Badge, Button, Card, Spinner, formatDate, formatRelativeTime } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { ShellLink } from '../components/ShellLink';
import { useAccountT } from '../i18n';
import { avatarSrc } from '../lib/avatar';
import { formatMoney } from '../services/membership.service';
import { useInboxStore } from '../stores/inbox/store';

/** Where a line leads: the story's comments, the person who followed, the creator's works or the account. */
function noticeTarget(n: Notice): string {
  if (n.kind === NoticeKind.Follow && n.actor) return `/play/user/${n.actor.uid}`;
  if (n.kind === NoticeKind.ReviewPassed || n.kind === NoticeKind.ReviewFailed) return '/editor/works';
  // A story's appeal leads to the story in the editor, where its state shows.
  if ((n.kind === NoticeKind.AppealApproved || n.kind === NoticeKind.AppealRejected) && n.story_id) return `/editor/story/${n.story_id}`;
  if (n.kind === NoticeKind.Sanction || n.kind === NoticeKind.SanctionLifted || n.kind === NoticeKind.AppealApproved || n.kind === NoticeKind.AppealRejected) {
    return '/account';
  }
  if (n.kind === NoticeKind.Mail || n.kind === NoticeKind.CollectionRemoved || n.kind === NoticeKind.CollectionPassed || n.kind === NoticeKind.CollectionFailed) {
    return n.link || '/account/inbox';
  }
  if (n.kind === NoticeKind.Receipt) return '/account/membership';
  if (n.kind === NoticeKind.WeeklyReport) return n.link || '/account/weekly';
  if (n.kind === NoticeKind.FeedbackAnswer) return '/account/feedback';
  // A reply, like or pin on a thread's comments names the thread where a story's would name the story.
  if (n.story_id && isThreadId(n.story_id)) return `/play/thread/${n.story_id}${n.comment_id ? '#comments' : ''}`;
  if (n.story_id) return `/play/story/${n.story_id}${n.comment_id ? '#comments' : ''}`;
  return n.actor ? `/play/user/${n.actor.uid}` : '/play';
}

/** "Payment received: Monthly membership, $9.99 (order SV…)", and the renewal's and the refund's. */
function receiptLine(t: ReturnType<typeof useAccountT>['t'], r: NonNullable<Notice['receipt']>, language: string): string {
  const plan = t(`inbox.receiptPlans.${r.goods_id}`, { defaultValue: r.goods_id });
  return t(`inbox.receipt.${r.event}`, { plan, amount: formatMoney(r.amount, r.currency, language), order: r.order_no });
}

function NoticeLine({ notice }: { notice: Notice }): JSX.Element {
  const { t, i18n } = useAccountT();
  const name = notice.actor?.nickname || t('inbox.someone');
  const story = notice.story_name;
  const at = notice.created_at ? Date.parse(notice.created_at) : NaN;
  let what: string;
  switch (notice.kind) {
    case NoticeKind.Reply:
      what = t('inbox.reply', { name, story });
      break;
    case NoticeKind.Like:
      what = notice.comment_id ? t('inbox.likeComment', { name, story }) : t('inbox.likeStory', { name, story });
      break;
    case NoticeKind.Follow:
      what = t('inbox.follow', { name });
      break;
    case NoticeKind.Pin:
      what = t('inbox.pin', { name, story });
      break;
    case NoticeKind.ReviewPassed:
      what = t('inbox.reviewPassed', { story });
      break;
    case NoticeKind.ReviewFailed:
      what = t('inbox.reviewFailed', { story });
      break;
    case NoticeKind.Sanction:
      what = notice.until ? t('inbox.sanctionUntil', { date: formatDate(Date.parse(notice.until)) }) : t('inbox.sanction');
      break;
    case NoticeKind.SanctionLifted:
      what = t('inbox.sanctionLifted');
      break;
    case NoticeKind.AppealApproved:
      what = notice.story_id ? t('inbox.storyAppealApproved', { story }) : t('inbox.appealApproved');
      break;
    case NoticeKind.AppealRejected:
      what = notice.story_id ? t('inbox.storyAppealRejected', { story }) : t('inbox.appealRejected');
      break;
    case NoticeKind.ReportResult:
      what = t('inbox.reportResult', { story });
      break;
    case NoticeKind.Mail:
      what = t('inbox.mail', { title: notice.title });
      break;
    case NoticeKind.CollectionRemoved:
      what = t('inbox.collectionRemoved', { story });
      break;
    case NoticeKind.CollectionPassed:
      what = t('inbox.collectionPassed', { story });
      break;
    case NoticeKind.CollectionFailed:
      what = t('inbox.collectionFailed', { story });
      break;
    case NoticeKind.Receipt:
      what = notice.receipt ? receiptLine(t, notice.receipt, i18n.language) : t('inbox.other', { name });
      break;
    case NoticeKind.WeeklyReport: {
      const [start = '', end = ''] = notice.title.split('|');
      what = t('inboxExtra.weeklyReport', { start, end });
      break;
    }
    case NoticeKind.FeedbackAnswer:
      what = t('inboxExtra.feedbackAnswer');
      break;
    case NoticeKind.ThreadRemoved:
      what = t('inboxExtra.threadRemoved', { title: notice.title });
      break;
    default:
      what = t('inbox.other', { name });
  }
  return (
    <li className="account-person account-notice">
      <Avatar src={avatarSrc(notice.actor?.avatar ?? '')} name={name} size="sm" decorative />
      <div className="account-person__text">
        <ShellLink to={noticeTarget(notice)} className="account-notice__link">
          {what}
        </ShellLink>
        {notice.text ? <span className="ui-text-muted account-notice__quote">{t('inbox.quote', { text: notice.text })}</span> : null}
        {Number.isFinite(at) ? <span className="ui-text-muted">{formatRelativeTime(at)}</span> : null}
      </div>
      {notice.read ? null : <Badge tone="info">{t('inbox.new')}</Badge>}
    </li>
  );
}

/** `/account/inbox`: replies, likes, follows and pins, newest first; opening it marks them read. */
export function InboxPage(): JSX.Element {
  const { t } = useAccountT();
  const status = useInboxStore((s) => s.status);
  const list = useInboxStore((s) => s.list);
  const error = useInboxStore((s) => s.error);
  const hasMore = useInboxStore((s) => s.hasMore);
  const loadingMore = useInboxStore((s) => s.loadingMore);
  const { load, loadMore } = useInboxStore.getState();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="account-page">
      <PageHeader title={t('inbox.title')} />
      {status === 'error' ? (
        <Card as="section">
          <p role="alert">{error}</p>
          <Button onClick={() => void load()}>{t('common.tryAgain')}</Button>
        </Card>
      ) : status !== 'ready' ? (
        <Spinner label={t('inbox.loading')} />
      ) : list.length === 0 ? (
        <Card as="section" className="account-center">
          <h2>{t('inbox.emptyTitle')}</h2>
          <p className="ui-text-muted">{t('inbox.emptyText')}</p>
        </Card>
      ) : (
        <Card as="section" aria-label={t('inbox.title')}>
          <ul className="account-people">
            {list.map((n) => (
              <NoticeLine key={n.notice_id} notice={n} />
            ))}
          </ul>
          {error ? (
            <p className="account-error" role="alert">
              {error}
            </p>
          ) : null}
          {hasMore ? (
            <Button block loading={loadingMore} onClick={() => void loadMore()}>
              {t('inbox.showMore')}
            </Button>
          ) : null}
        </Card>
      )}
    </div>
  );
}
