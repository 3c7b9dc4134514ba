import type { JSX } from 'react';
import { Button } from 'ui-kit';
import type { Dialogue } from '../api/types';
import { usePlayerT } from '../i18n';
import { versionsOf } from '../stores/play/alternatives';

export interface ReplyVersionsProps {
  dialogue: Dialogue;
  /** The reply is the latest turn's and nothing is being written: it may be written again and paged. */
  onRegenerate?: () => void;
  onShow?: (index: number) => void;
}

/**
 * Under a reply: its versions (‹ 2 / 3 ›, each button named for a screen reader, the count said as it changes) and
 * Regenerate, which writes it again keeping the versions. A regeneration that failed says so; the version shown
 * before stays.
 */
export function ReplyVersions({ dialogue: d, onRegenerate, onShow }: ReplyVersionsProps): JSX.Element | null {
  const { t } = usePlayerT();
  const { texts, shown } = versionsOf(d);
  const failed = d.alternatives !== undefined && d.error_code !== 0 && d.done;
  if (texts.length < 2 && !onRegenerate && !failed) return null;
  return (
    <div className="player-versions">
      {texts.length > 1 ? (
        <span className="player-versions__pager" role="group" aria-label={t('turns.version', { n: shown + 1, count: texts.length })}>
          <Button variant="ghost" size="sm" disabled={!onShow || shown === 0} aria-label={t('turns.previous')} onClick={() => onShow?.(shown - 1)}>
            ‹
          </Button>
          <span className="player-versions__count" aria-live="polite" data-testid="reply-version">
            {shown + 1} / {texts.length}
          </span>
          <Button variant="ghost" size="sm" disabled={!onShow || shown === texts.length - 1} aria-label={t('turns.next')} onClick={() => onShow?.(shown + 1)}>
            ›
          </Button>
        </span>
      ) : null}
      {onRegenerate ? (
        <Button variant="ghost" size="sm" className="player-regenerate" title={t('turns.regenerateLabel')} onClick={onRegenerate}>
          {t('turns.regenerate')}
        </Button>
      ) : null}
      {failed ? (
        <span className="player-versions__failed" role="status">
          {t('turns.regenerateFailed')}
        </span>
      ) : null}
    </div>
  );
}
