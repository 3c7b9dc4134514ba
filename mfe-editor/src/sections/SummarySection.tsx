import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { Card } from 'ui-kit';
import { MentionField } from '../components/MentionField';
import { useEditorT } from '../i18n';
import { selectShowSummary } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

/** Only with more than one chapter (spec section 5); with one, removing chapters merged it into the content. */
export function SummarySection(): JSX.Element | null {
  const { t } = useEditorT();
  const show = useEditorStore(selectShowSummary);
  const summary = useEditorStore((s) => s.content.summary);
  const set = useEditorStore((s) => s.setStoryField);
  const names = useNames();
  if (!show) return null;
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-summary" id="section-summary">
      <h2 id="editor-summary" className="ui-heading-2">
        {t('sections.summary')}
      </h2>
      <MentionField fkey="summary" label={t('fields.summary')} value={summary} max={LIMITS.summary} names={names} onChange={(v) => set('summary', v)} />
    </Card>
  );
}
