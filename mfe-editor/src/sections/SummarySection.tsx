import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { MentionField } from '../components/MentionField';
import { selectShowSummary } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

/** Only with more than one chapter (spec section 5); with one, removing chapters merged it into the content. */
export function SummarySection(): JSX.Element | null {
  const show = useEditorStore(selectShowSummary);
  const summary = useEditorStore((s) => s.content.summary);
  const set = useEditorStore((s) => s.setStoryField);
  const names = useNames();
  if (!show) return null;
  return (
    <section className="ed-section" aria-labelledby="ed-summary" id="section-summary">
      <h2 id="ed-summary">Summary</h2>
      <MentionField fkey="summary" label="Summary" value={summary} max={LIMITS.summary} names={names} onChange={(v) => set('summary', v)} />
    </section>
  );
}
