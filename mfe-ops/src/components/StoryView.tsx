import type { JSX, ReactNode } from 'react';
import { ISSUE_MESSAGES } from 'shared-kit';
import type { ReviewField } from '../fields';
import { useOpsT } from '../i18n';

/** The automated review's reasons (its English text, as the api stores it), said in the console's language. */
const REVIEW_REASONS = ['reviewAdult', 'reviewMinor', 'reviewHateful', 'reviewHarassment', 'reviewSuicide', 'reviewViolent', 'reviewIllegal', 'reviewDangerous', 'reviewWords', 'reviewGeneric'] as const;
const REASON_CODE: ReadonlyMap<string, (typeof REVIEW_REASONS)[number]> = new Map(REVIEW_REASONS.map((code) => [ISSUE_MESSAGES[code], code]));

interface StoryViewProps {
  /** The version's fields in reading order (`reviewFields`), each with the reason it was flagged for, if any. */
  fields: ReviewField[];
  /** How a field's reason reads: the automated review's flag, or the operator's rejection. */
  note: 'review.flagged' | 'storyView.rejectedFor';
  /** The level of each field's heading under the page's own headings. */
  level?: 2 | 3;
  /** What goes under a field (the review page's reason box); nothing on a read-only page. */
  children?: (field: ReviewField, label: string) => ReactNode;
}

/**
 * A story version as players get it, field by field (name and cover, introduction, summary, opening line, the
 * player's persona, each character with its picture, each chapter with its background), with the reason a field was
 * flagged. The review page adds a reason box under each field; the appeal page shows it read only.
 */
export function StoryView({ fields, note, level = 2, children }: StoryViewProps): JSX.Element {
  const { t } = useOpsT();
  // An operator's own reason is shown as written.
  const reasonText = (reason: string): string => {
    const code = REASON_CODE.get(reason);
    return code ? t(`reviewReasons.${code}`) : reason;
  };
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="ops-story-fields" aria-label={t('review.fields')}>
      {fields.map((f) => {
        const label = t(f.labelKey, f.labelValues);
        return (
          <article key={f.key} data-field={f.key} data-flagged={f.flagged !== null ? 'true' : undefined}>
            <Heading>{label}</Heading>
            {f.picture !== '' && (
              <img
                src={f.picture}
                alt={f.key === 'name' ? t('storyView.cover', { name: f.text }) : label}
                loading="lazy"
                style={{ display: 'block', width: 240, maxWidth: '100%', height: 'auto' }}
              />
            )}
            {f.text !== '' && <p style={{ whiteSpace: 'pre-wrap' }}>{f.text}</p>}
            {f.flagged !== null && <p role="note">{t(note, { reason: reasonText(f.flagged) })}</p>}
            {children?.(f, label)}
          </article>
        );
      })}
    </section>
  );
}
