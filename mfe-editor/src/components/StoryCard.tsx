import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { DisplayStatus, StoryGenType, StoryStatus } from 'shared-kit';
import { Badge, Button, Card, ConfirmDialog, useFormat } from 'ui-kit';
import type { StoryListItem } from '../api/types';
import { useEditorT } from '../i18n';
import { useWorksStore } from '../stores/works/store';
import { statusTone } from './SaveBar';

/** Statuses of a brainstorm story that its own screen shows (creating, or the result to review). */
const BRAINSTORM_STATUSES = new Set<number>([StoryStatus.AIGenDoing, StoryStatus.AIGenSuccess, StoryStatus.AIGenFailed]);

function editPath(s: StoryListItem): string {
  if (s.story_gen_type === StoryGenType.SingleBot) return `../bot/${s.story_id}`;
  if (s.story_gen_type === StoryGenType.AI && BRAINSTORM_STATUSES.has(s.status)) return `../story-ai/${s.story_id}`;
  return `../story/${s.story_id}`;
}

/** Links styled as the kit's buttons (a link navigates; a button acts). */
const LINK_BUTTON = 'ui-button ui-button--secondary ui-button--sm';

export function StoryCard({ story }: { story: StoryListItem }): JSX.Element {
  const { t } = useEditorT();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const remove = useWorksStore((s) => s.remove);
  const toggleTop = useWorksStore((s) => s.toggleTop);
  const name = story.story_name.trim() || t('common.untitledStory');
  const updated = Date.parse(story.updated_at);
  return (
    <Card as="li" className="editor-work" aria-label={name}>
      <div className="editor-work__cover">
        {story.logo ? <img src={story.logo} alt="" /> : <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      </div>
      <div className="editor-work__body">
        <h2 className="editor-work__name">
          {story.is_top ? <Badge tone="info">{t('card.pinned')}</Badge> : null} {name}
        </h2>
        <p className="ui-row">
          <span data-status={story.creator_status}>
            <Badge tone={statusTone(story.creator_status)}>{t(`status.${story.creator_status}`)}</Badge>
          </span>
          <span className="ui-text-muted">{t('card.updated', { time: Number.isFinite(updated) ? format.relativeTime(updated) : '' })}</span>
        </p>
        <div className="ui-row">
          <Link to={editPath(story)} className={LINK_BUTTON} aria-label={t('card.editLabel', { name })}>
            {t('card.edit')}
          </Link>
          {story.display_status === DisplayStatus.Published ? (
            <Link to={`/play/story/${story.story_id}`} className={LINK_BUTTON} aria-label={t('card.viewLabel', { name })}>
              {t('card.view')}
            </Link>
          ) : null}
          <Link to={`/play/story/${story.story_id}/play?draft=1`} className={LINK_BUTTON} aria-label={t('card.playTestLabel', { name })}>
            {t('card.playTest')}
          </Link>
          <Button size="sm" onClick={() => void toggleTop(story.story_id)} aria-label={story.is_top ? t('card.unpinLabel', { name }) : t('card.pinLabel', { name })}>
            {story.is_top ? t('card.unpin') : t('card.pin')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)} aria-label={t('card.deleteLabel', { name })}>
            {t('common.delete')}
          </Button>
        </div>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('card.deleteTitle', { name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void remove(story.story_id);
          }}
        >
          {t('card.deleteText')}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
