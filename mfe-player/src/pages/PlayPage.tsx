import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Composer } from '../components/Composer';
import { DialogueItem } from '../components/DialogueItem';
import { EndingPanel } from '../components/EndingPanel';
import { GuestLoginPrompt, LimitBanner } from '../components/LimitBanner';
import { NotFound } from '../components/NotFound';
import { usePlayerPath } from '../components/paths';
import { useChatFollow } from '../components/useChatFollow';
import { isVisible, optionsOf } from '../stores/play/assemble';
import { selectCanSend, selectInputBlock, selectIsEnded, selectOpenOptions, selectRetryableId } from '../stores/play/selectors';
import { usePlayStore } from '../stores/play/store';

type Pending = { kind: 'rewind'; dialogueId: string; text: string } | { kind: 'restart' } | { kind: 'update' } | null;

/** The play screen: the conversation with the story's characters, turn by turn. */
export function PlayPage(): JSX.Element {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const valid = /^\d+$/.test(id);
  const s = usePlayStore();
  const dialogues = s.dialogues;
  const visible = useMemo(() => dialogues.filter(isVisible), [dialogues]);
  const cast = useMemo(() => new Map((s.info?.story.characters ?? []).map((c) => [c.character_id, c])), [s.info?.story.characters]);
  const retryId = selectRetryableId(s);
  const options = selectOpenOptions(s);
  const ended = selectIsEnded(s);
  const block = selectInputBlock(s);
  const canSend = selectCanSend(s);
  const [pending, setPending] = useState<Pending>(null);
  const [updateDismissed, setUpdateDismissed] = useState(false);
  const screenRef = useRef<HTMLElement>(null);
  const storyPath = usePlayerPath(`story/${id}`);
  const newPlay = search.get('new') === '1';
  // My Story's Play-test link: the creator tries the working copy.
  const draft = search.get('draft') === '1';

  useEffect(() => {
    if (!valid) return;
    void usePlayStore.getState().open(id, { newPlay, draft });
    return () => usePlayStore.getState().leave();
  }, [id, valid, newPlay, draft]);

  const last = s.dialogues[s.dialogues.length - 1];
  const follow = useChatFollow(screenRef, `${s.dialogues.length}:${last?.dialogue_id ?? ''}:${last?.content.length ?? 0}:${String(last?.done)}:${String(ended)}`, s.status === 'ready');

  if (!valid) return <NotFound />;
  if (s.status === 'error') {
    return (
      <main className="pl-page pl-center">
        <h1>Cannot open this story</h1>
        <p role="alert">{s.loadError}</p>
        <button type="button" className="pl-button" onClick={() => void s.open(id, { newPlay, draft })}>
          Try again
        </button>
        <Link to={storyPath} className="pl-link">
          Back to the story
        </Link>
      </main>
    );
  }
  if (s.status !== 'ready' || !s.info) {
    return (
      <main className="pl-page">
        <p className="pl-status" role="status">
          Opening the story…
        </p>
      </main>
    );
  }

  const info = s.info;
  const playerName = info.story.player.character_name;
  const idle = !s.streaming && !s.sending && s.busy === null;
  const waiting = s.reconnecting ? 'Reconnecting…' : s.streaming ? 'Writing a reply…' : s.sending ? 'Sending…' : null;

  function confirmPending(): void {
    if (!pending) return;
    const run =
      pending.kind === 'rewind' ? s.rewind(pending.dialogueId) : pending.kind === 'restart' ? s.restart() : s.syncLatest();
    void run.then(() => setPending(null));
  }

  return (
    <main className="pl-play" ref={screenRef}>
      <header className="pl-play__header">
        <Link to={storyPath} className="pl-back" aria-label="Back to the story">
          ‹
        </Link>
        <h1 className="pl-play__title">{info.story.story_name}</h1>
        <button type="button" className="pl-button pl-button--small" onClick={() => setPending({ kind: 'restart' })} disabled={!idle}>
          Restart
        </button>
      </header>
      <p className="pl-labels">
        <span className="pl-ai-label">AI-generated content</span>
        {info.ai_mode === 'offline' ? <span className="pl-offline-label">Playing without a model</span> : null}
      </p>

      {info.has_newer_version && !updateDismissed ? (
        <section className="pl-update" aria-label="Story update">
          <p>A newer version of this story is out. Updating starts it over: your progress in this play is lost.</p>
          <div className="pl-row">
            <button type="button" className="pl-button pl-button--primary pl-button--small" onClick={() => setPending({ kind: 'update' })} disabled={!idle}>
              Update
            </button>
            <button type="button" className="pl-button pl-button--small" onClick={() => setUpdateDismissed(true)}>
              Not now
            </button>
          </div>
        </section>
      ) : null}

      {info.chapter_objective && !ended ? (
        <section className="pl-objective" aria-label="Chapter objective">
          <span className="pl-objective__chapter">
            Chapter {info.chapter_index + 1} of {info.chapters_count}
          </span>
          <p className="pl-objective__text">{info.chapter_objective}</p>
        </section>
      ) : null}

      {s.actionError ? (
        <p className="pl-error" role="alert">
          {s.actionError}
        </p>
      ) : null}

      <ol className="pl-log" role="log" aria-live="polite" aria-relevant="additions text" aria-label="Story dialogue">
        {s.hasMoreBefore ? (
          <li className="pl-more">
            <button type="button" className="pl-button pl-button--small" onClick={() => void s.loadOlder()} disabled={s.loadingOlder}>
              {s.loadingOlder ? 'Loading…' : 'Earlier messages'}
            </button>
          </li>
        ) : null}
        {visible.map((d) => (
          <DialogueItem
            key={d.dialogue_id}
            dialogue={d}
            cast={cast}
            playerName={playerName}
            onRetry={d.dialogue_id === retryId && idle ? () => void s.retry(d.dialogue_id) : undefined}
            onRewind={d.role === 'player' && idle ? () => setPending({ kind: 'rewind', dialogueId: d.dialogue_id, text: d.content }) : undefined}
          />
        ))}
      </ol>

      <div className="pl-play__footer">
        {follow.unseen ? (
          <button type="button" className="pl-button pl-button--small pl-new-messages" onClick={() => follow.toLatest(true)}>
            New messages ↓
          </button>
        ) : null}
        {ended ? (
          <EndingPanel info={info} ending={s.ending} busy={s.busy !== null} onPlayAgain={() => void s.restart()} />
        ) : block === 'login' ? (
          <GuestLoginPrompt limit={s.sendLimit} />
        ) : (
          <>
            <LimitBanner limit={s.sendLimit} />
            {s.refusedNotice ? (
              <p className="pl-error" role="alert">
                {s.refusedNotice}
              </p>
            ) : null}
            {options ? (
              <div className="pl-options" role="group" aria-label="Choices">
                {optionsOf(options).map((o) => (
                  <button
                    key={o}
                    type="button"
                    className="pl-button pl-option"
                    disabled={!canSend}
                    onClick={() => {
                      follow.toLatest();
                      void s.choose(o);
                    }}
                  >
                    {o}
                  </button>
                ))}
              </div>
            ) : null}
            {block !== 'limit' ? (
              <Composer
                value={s.draft}
                max={s.inputMax}
                canSend={canSend}
                waiting={waiting}
                error={s.sendError}
                onChange={s.setDraft}
                onSend={(text) => {
                  follow.toLatest();
                  void s.send(text);
                }}
              />
            ) : null}
          </>
        )}
      </div>

      {pending?.kind === 'rewind' ? (
        <ConfirmDialog title="Rewind to before this message?" confirmLabel="Rewind" busy={s.busy !== null} onCancel={() => setPending(null)} onConfirm={confirmPending}>
          <p>Everything from “{pending.text.slice(0, 80)}” on is removed. Your words go back into the input so you can change them.</p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'restart' ? (
        <ConfirmDialog title="Restart the story?" confirmLabel="Restart" danger busy={s.busy !== null} onCancel={() => setPending(null)} onConfirm={confirmPending}>
          <p>You start again from the opening, and your progress in this play is lost.</p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'update' ? (
        <ConfirmDialog title="Update to the latest version?" confirmLabel="Update" danger busy={s.busy !== null} onCancel={() => setPending(null)} onConfirm={confirmPending}>
          <p>The newest version starts from the beginning: your progress in this play is lost.</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
