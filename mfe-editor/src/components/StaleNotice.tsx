import type { JSX } from 'react';
import { Button, Card } from 'ui-kit';
import { useEditorT } from '../i18n';
import { selectStale, selectStoryId } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** A save refused because the story changed elsewhere: say so plainly and offer the latest version. */
export function StaleNotice(): JSX.Element | null {
  const { t } = useEditorT();
  const stale = useEditorStore(selectStale);
  const storyId = useEditorStore(selectStoryId);
  const load = useEditorStore((s) => s.loadStory);
  if (!stale || !storyId) return null;
  return (
    <Card className="editor-notice" role="alert">
      <p>{t('stale.text')}</p>
      <div>
        <Button variant="primary" onClick={() => void load(storyId)}>
          {t('stale.reload')}
        </Button>
      </div>
    </Card>
  );
}
