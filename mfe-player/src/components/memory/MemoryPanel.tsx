import { useEffect, useRef, useState, type JSX } from 'react';
import { Badge, Button, Modal, Spinner, TextArea } from 'ui-kit';
import { type MemoryPin } from 'shared-kit';
import { MEMORY_NOTE_MAX, MEMORY_SUMMARY_MAX } from 'shared-kit/areas';
import { usePlayerT } from '../../i18n';
import { useMemoryStore } from '../../stores/memory/store';
import { usePlayStore } from '../../stores/play/store';
import './memory.css';

/** Reads the play's memory when the play opens, and again after a rewind (it may have unpinned lines). */
function useMemorySync(playId: string): void {
  const lastSeq = usePlayStore((s) => s.dialogues[s.dialogues.length - 1]?.seq ?? 0);
  const seen = useRef(0);
  useEffect(() => {
    void useMemoryStore.getState().load(playId);
  }, [playId]);
  useEffect(() => {
    if (lastSeq < seen.current) void useMemoryStore.getState().load(playId);
    seen.current = lastSeq;
  }, [lastSeq, playId]);
}

function PinRow({ pin }: { pin: MemoryPin }): JSX.Element {
  const { t } = usePlayerT();
  const busy = useMemoryStore((s) => s.busy);
  const unpin = useMemoryStore((s) => s.unpin);
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="player-memory__pin" data-testid="memory-pin">
      <p className="player-memory__pin-text">
        <span className="player-memory__who">{pin.kind === 'note' ? t('memory.note') : pin.speaker || t('memory.you')}:</span> {pin.content}
      </p>
      {pin.in_prompt ? null : <Badge tone="warning">{t('memory.notInPrompt')}</Badge>}
      <Button
        size="sm"
        variant="ghost"
        disabled={busy !== null}
        aria-label={t('memory.unpinLabel', { text: pin.content.slice(0, 60) })}
        onClick={() => void unpin(pin.pin_id).then(setError)}
      >
        {t('memory.unpin')}
      </Button>
      {error ? (
        <p className="player-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function SummaryEditor({ summary, folded }: { summary: string; folded: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const busy = useMemoryStore((s) => s.busy);
  const save = useMemoryStore((s) => s.saveSummary);
  const [text, setText] = useState(summary);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setText(summary), [summary]);
  if (!folded) return <p className="player-memory__empty">{t('memory.summaryEmpty')}</p>;
  return (
    <form
      className="player-memory__summary"
      onSubmit={(e) => {
        e.preventDefault();
        void save(text).then((err) => setNote(err ? { ok: false, text: err } : { ok: true, text: t('memory.summarySaved') }));
      }}
    >
      <TextArea label={t('memory.summaryLabel')} hideLabel value={text} limit={MEMORY_SUMMARY_MAX} rows={5} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" size="sm" loading={busy === 'summary'} disabled={busy !== null || text === summary || [...text].length > MEMORY_SUMMARY_MAX}>
        {t('memory.saveSummary')}
      </Button>
      <p className={note?.ok === false ? 'player-error' : 'player-memory__saved'} role={note?.ok === false ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
    </form>
  );
}

function NoteForm({ full, max }: { full: boolean; max: number }): JSX.Element {
  const { t } = usePlayerT();
  const busy = useMemoryStore((s) => s.busy);
  const addNote = useMemoryStore((s) => s.addNote);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = [...text.trim()].length;
  return (
    <form
      className="player-memory__note"
      onSubmit={(e) => {
        e.preventDefault();
        void addNote(text.trim()).then((err) => {
          setError(err);
          if (!err) setText('');
        });
      }}
    >
      <TextArea
        label={t('memory.noteLabel')}
        placeholder={t('memory.notePlaceholder')}
        value={text}
        limit={MEMORY_NOTE_MAX}
        rows={2}
        error={error ?? undefined}
        hint={full ? t('memory.full', { max }) : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" size="sm" loading={busy === 'note'} disabled={full || busy !== null || length === 0 || length > MEMORY_NOTE_MAX}>
        {t('memory.addNote')}
      </Button>
    </form>
  );
}

/**
 * The play header's Memory button and its panel: the running summary (editable once the play has folded turns) and
 * the pinned memories, newest first, with the ones left out of the prompt marked; notes are pinned here, lines from
 * the conversation.
 */
export function MemoryPanel({ playId }: { playId: string }): JSX.Element {
  const { t } = usePlayerT();
  const [open, setOpen] = useState(false);
  const { status, memory, loadError, load } = useMemoryStore();
  useMemorySync(playId);
  const full = memory ? memory.pins.length >= memory.limits.pins : false;
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setOpen(true);
          void load(playId);
        }}
      >
        {t('memory.open')}
      </Button>
      {open ? (
        <Modal open onClose={() => setOpen(false)} title={t('memory.title')} description={t('memory.description')} size="md" className="player-memory">
          {status === 'loading' && !memory ? (
            <p className="player-status" role="status">
              <Spinner size="sm" decorative /> {t('memory.loading')}
            </p>
          ) : status === 'error' || !memory ? (
            <div role="alert">
              <p>{loadError ?? t('memory.failed')}</p>
              <Button size="sm" onClick={() => void load(playId)}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : (
            <>
              <section aria-labelledby="memory-summary">
                <h2 id="memory-summary" className="player-memory__heading">
                  {t('memory.summary')}
                </h2>
                <SummaryEditor summary={memory.summary} folded={memory.summary_upto_seq > 0} />
              </section>
              <section aria-labelledby="memory-pins">
                <h2 id="memory-pins" className="player-memory__heading">
                  {t('memory.pins')} <span className="player-memory__count">{t('memory.pinsCount', { count: memory.pins.length, max: memory.limits.pins })}</span>
                </h2>
                {memory.pins.length === 0 ? (
                  <p className="player-memory__empty">{t('memory.pinsEmpty')}</p>
                ) : (
                  <ul className="player-memory__pins">
                    {memory.pins.map((p) => (
                      <PinRow key={p.pin_id} pin={p} />
                    ))}
                  </ul>
                )}
                <NoteForm full={full} max={memory.limits.pins} />
              </section>
            </>
          )}
        </Modal>
      ) : null}
    </>
  );
}
