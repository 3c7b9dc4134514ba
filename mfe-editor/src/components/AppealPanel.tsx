import { useEffect, useState, type FormEvent, type JSX } from 'react';
import { APPEAL_TEXT_MAX, AppealStatus, StoryStatus, type StoryAppealState } from 'shared-kit';
import { Button, Card, Modal, TextArea } from 'ui-kit';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import { selectStatus, selectStoryId } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { getAppeal, sendAppeal } from '../services/story.service';

const JUDGED = new Set<number>([StoryStatus.Failed, StoryStatus.Unqualified, StoryStatus.Passed]);

/**
 * The appeal of a story an operator rejected (spec section 4): the button and its dialog while one can be made, then
 * its state (waiting, approved, not approved). Nothing once the story is edited: the server forgets the appeal then.
 */
export function AppealPanel(): JSX.Element | null {
  const { t } = useEditorT();
  const storyId = useEditorStore(selectStoryId);
  const status = useEditorStore(selectStatus);
  const versionId = useEditorStore((s) => s.versionId);
  const [state, setState] = useState<StoryAppealState | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const judged = storyId !== null && status !== null && JUDGED.has(status);

  useEffect(() => {
    setState(null);
    if (!judged || !storyId) return;
    let live = true;
    void (async () => {
      try {
        const s = await getAppeal(storyId);
        if (live && s) setState(s);
      } catch {
        // No appeal panel when its state cannot be read; the rest of the editor is unaffected.
      }
    })();
    return () => {
      live = false;
    };
  }, [judged, storyId, versionId, status]);

  if (!state || state.story_id !== storyId) return null;

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (!storyId || text.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const appeal = await sendAppeal(storyId, text.trim());
      setState({ story_id: storyId, can_appeal: false, appeal });
      setOpen(false);
    } catch (err) {
      setError(t('appeal.failed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  }

  const appeal = state.appeal;
  if (!appeal && !state.can_appeal) return null;
  return (
    <Card className="editor-notice" data-appeal={appeal?.status ?? 'none'}>
      <h2 className="ui-heading-3">{t('appeal.title')}</h2>
      {appeal?.status === AppealStatus.Pending ? <p role="status">{t('appeal.pending')}</p> : null}
      {appeal?.status === AppealStatus.Approved ? <p role="status">{t('appeal.approved')}</p> : null}
      {appeal?.status === AppealStatus.Rejected ? <p role="status">{t('appeal.rejected', { reason: appeal.reason })}</p> : null}
      {!appeal && state.can_appeal ? (
        <>
          <p>{t('appeal.intro')}</p>
          <div>
            <Button onClick={() => setOpen(true)}>{t('appeal.open')}</Button>
          </div>
        </>
      ) : null}
      {open ? (
        <Modal
          title={t('appeal.dialogTitle')}
          description={t('appeal.dialogText')}
          onClose={() => setOpen(false)}
          busy={busy}
          size="sm"
          actions={
            <>
              <Button onClick={() => setOpen(false)} disabled={busy}>
                {t('appeal.cancel')}
              </Button>
              <Button
                variant="primary"
                type="submit"
                form="story-appeal-form"
                loading={busy}
                disabled={busy || text.trim() === '' || text.length > APPEAL_TEXT_MAX}
              >
                {t('appeal.send')}
              </Button>
            </>
          }
        >
          <form id="story-appeal-form" onSubmit={(e) => void submit(e)}>
            <TextArea label={t('appeal.label')} value={text} limit={APPEAL_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
            {error ? <p role="alert">{error}</p> : null}
          </form>
        </Modal>
      ) : null}
    </Card>
  );
}
