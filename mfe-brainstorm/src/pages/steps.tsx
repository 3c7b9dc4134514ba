import { useEffect, useRef, useState, type ClipboardEvent, type JSX } from 'react';
import { Link } from 'react-router';
import { isGraphStory, LIMITS, PlanStatus, shellToast } from 'shared-kit';
import { Button, ConfirmDialog, ProgressBar, Select, TextArea } from 'ui-kit';
import { useBrainstormT } from '../i18n';
import { cancel, generate, publish, setIdea, setStyle, useBrainstormStore, type Step } from '../stores/brainstorm';
import { BranchingOutline } from './Outline';

const STATUS_KEYS: Record<number, string> = Object.fromEntries(
  Object.entries(PlanStatus).map(([name, value]) => [value, name]),
);

export function StepList({ step }: { step: Step }): JSX.Element {
  const { t } = useBrainstormT();
  const steps: Step[] = ['edit', 'creating', 'result'];
  return (
    <ol className="bs-steps" aria-label={t('steps.label')}>
      {steps.map((s) => (
        <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'bs-steps__item bs-steps__item--current' : 'bs-steps__item'}>
          {t(`steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** Pasting is intercepted: at most the spec's 10,000 characters go in, with a toast when more were copied. */
function pasteInto(event: ClipboardEvent<HTMLTextAreaElement>, current: string, message: string): void {
  const text = event.clipboardData.getData('text');
  if (Array.from(text).length <= LIMITS.clipboardPaste) return;
  event.preventDefault();
  const cut = Array.from(text).slice(0, LIMITS.clipboardPaste).join('');
  const el = event.currentTarget;
  const start = el.selectionStart ?? current.length;
  const end = el.selectionEnd ?? current.length;
  setIdea(current.slice(0, start) + cut + current.slice(end));
  shellToast({ type: 'warning', message });
}

export function EditStep({ onStarted }: { onStarted: (storyId: string) => void }): JSX.Element {
  const { t } = useBrainstormT();
  const { idea, style, styles, stylesState, quota, createError, busy } = useBrainstormStore();
  const [tried, setTried] = useState(false);
  const ideaError = tried && idea.trim() === '' ? t('edit.ideaRequired') : undefined;
  // While the styles load, a press waits for them (and the default style) rather than asking for one.
  const styleError =
    style === '' && stylesState === 'failed' ? t('edit.stylesFailed') : tried && style === '' && !busy && stylesState === 'ready' ? t('edit.styleRequired') : undefined;
  const tooLong = Array.from(idea).length > LIMITS.brainstormIdea;

  async function submit(): Promise<void> {
    setTried(true);
    if (idea.trim() === '' || tooLong) return;
    const id = await generate();
    if (id) onStarted(id);
  }

  return (
    <section className="bs-section" aria-labelledby="bs-edit-heading">
      <h2 id="bs-edit-heading" className="ui-heading-2">{t('steps.edit')}</h2>
      <p className="bs-muted">{t('edit.intro')}</p>
      {createError ? (
        <p role="alert" className="bs-error">{t('edit.createError', { message: createError })}</p>
      ) : null}
      <TextArea
        label={t('edit.idea')}
        value={idea}
        rows={8}
        limit="brainstormIdea"
        placeholder={t('edit.ideaPlaceholder')}
        error={ideaError}
        onChange={(e) => setIdea(e.target.value)}
        onPaste={(e) => pasteInto(e, idea, t('edit.pasteCut', { max: LIMITS.clipboardPaste }))}
      />
      <Select
        label={t('edit.style')}
        value={style || undefined}
        placeholder={t('edit.stylePlaceholder')}
        error={styleError}
        onValueChange={setStyle}
        options={styles.map((s) => {
          const name = t(`edit.styleNames.${s.code}` as 'edit.styleNames.anime', { defaultValue: s.name });
          return { value: s.code, label: s.members_only ? t('edit.membersOnly', { name }) : name };
        })}
      />
      {quota ? <p className="bs-muted">{t('edit.quota', { remain: quota.remain, total: quota.total })}</p> : null}
      <div className="ui-row">
        <Button variant="primary" loading={busy} onClick={() => void submit()} disabled={tooLong}>
          {t('edit.generate')}
        </Button>
      </div>
    </section>
  );
}

/** Whole minutes left: the estimate minus the time taken, ticking every second from the last read. */
function useMinutesLeft(): number | null {
  const plan = useBrainstormStore((s) => s.plan);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!plan || plan.estimatedTime <= 0) return null;
  const elapsed = plan.duration + Math.max(0, (now - plan.readAt) / 1000);
  return Math.max(0, Math.ceil((plan.estimatedTime - elapsed) / 60));
}

export function CreatingStep(): JSX.Element {
  const { t } = useBrainstormT();
  const plan = useBrainstormStore((s) => s.plan);
  const busy = useBrainstormStore((s) => s.busy);
  const [asking, setAsking] = useState(false);
  const minutes = useMinutesLeft();
  const percent = plan?.percent ?? 0;
  const statusName = STATUS_KEYS[plan?.status ?? PlanStatus.New] ?? 'New';
  return (
    <section className="bs-section" aria-labelledby="bs-creating-heading">
      <h2 id="bs-creating-heading" className="ui-heading-2">{t('creating.heading')}</h2>
      <ProgressBar value={percent} label={t('creating.progress')} />
      <p className="bs-percent" aria-live="polite" data-testid="plan-percent">{t('creating.percent', { percent })}</p>
      <p className="bs-muted">
        {statusName in STATUS_LABEL_KEYS ? t(`creating.status.${statusName}`) : null}
        {' · '}
        {minutes === null || minutes === 0 ? t('creating.almostDone') : t('creating.minutesLeft', { count: minutes })}
      </p>
      <div className="ui-row">
        <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
          {t('creating.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('creating.cancelTitle')}
        confirmLabel={t('creating.cancelConfirm')}
        danger
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          void cancel().then((ok) => {
            setAsking(false);
            if (ok) shellToast({ type: 'info', message: t('creating.cancelled') });
          });
        }}
      >
        {t('creating.cancelText')}
      </ConfirmDialog>
    </section>
  );
}

const STATUS_LABEL_KEYS: Record<string, true> = {
  New: true,
  StoryGenerating: true,
  CharacterListGenerating: true,
  PrologueGenerating: true,
  ImagePromptGenerating: true,
  ImageGenerating: true,
  DubbingGenerating: true,
  Executing: true,
};

export function ResultStep({ onRegenerated }: { onRegenerated: () => void }): JSX.Element {
  const { t } = useBrainstormT();
  const { story, createError, busy, published, publishError } = useBrainstormStore();
  const [asking, setAsking] = useState(false);
  // Published, the Publish button goes: focus moves to the way on (My Story, where the review's outcome shows).
  const onward = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (published) onward.current?.focus();
  }, [published]);
  if (!story) return <></>;
  const name = story.story_info.story_name;
  const failed = story.characters.length === 0;
  const noFace = new Set((story.plan?.missing_pictures ?? []).map((m) => m.character_id));
  return (
    <section className="bs-section" aria-labelledby="bs-result-heading">
      <h2 id="bs-result-heading" className="ui-heading-2">{failed ? t('result.heading') : name}</h2>
      {createError ? <p role="alert" className="bs-error">{t('result.failed', { message: createError })}</p> : null}
      {!failed ? (
        <>
          {story.logo ? <img className="bs-cover" src={story.logo} alt={t('result.cover', { name })} /> : null}
          <p>{story.story_info.introduction}</p>
          <h3 className="ui-heading-3">{t('result.characters')}</h3>
          <ul className="bs-cast">
            {story.characters.map((c) => (
              <li key={c.character_id} className="bs-cast__item">
                {c.character_url ? <img src={c.character_url} alt={t('result.pictureOf', { name: c.character_name })} /> : null}
                {!c.character_url && noFace.has(c.character_id) ? (
                  <p className="bs-error" role="note">
                    {t('result.noFace', { name: c.character_name })}
                  </p>
                ) : null}
                <strong>{c.character_name}</strong>
                <span className="bs-muted">{c.settings}</span>
              </li>
            ))}
          </ul>
          <h3 className="ui-heading-3">{t('result.prologue')}</h3>
          <blockquote>{story.prologue.content}</blockquote>
          {isGraphStory(story) ? (
            <BranchingOutline story={story} />
          ) : (
            <>
              <h3 className="ui-heading-3">{t('result.chapters')}</h3>
              <ol className="bs-chapters">
                {story.nodes.map((n, i) => (
                  <li key={n.node_id}>
                    <strong>{t('result.chapter', { n: i + 1, name: n.name })}</strong>
                    <p>{n.content}</p>
                    <p className="bs-muted">{t('result.objective', { text: n.ending_content })}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      ) : null}
      {published ? <p role="status" className="bs-muted">{t('result.published')}</p> : null}
      {publishError ? <p role="alert" className="bs-error">{t('result.publishFailed', { message: publishError })}</p> : null}
      <div className="ui-row">
        {published ? (
          <Link ref={onward} to="/editor/works" className="ui-button ui-button--primary ui-button--md">
            {t('result.myStory')}
          </Link>
        ) : null}
        {!failed ? (
          <Link to={`/editor/story/${story.story_id}`} className="ui-button ui-button--secondary ui-button--md">
            {t('result.edit')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
          {t('result.regenerate')}
        </Button>
        {!failed && !published ? (
          <Button variant="primary" loading={busy} onClick={() => void publish()}>
            {t('result.publish')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('result.regenerateTitle')}
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          void generate().then((id) => {
            setAsking(false);
            if (id) onRegenerated();
          });
        }}
      >
        {t('result.regenerateText')}
      </ConfirmDialog>
    </section>
  );
}
