import { useState, type JSX } from 'react';
import { Button, Modal, Spinner } from 'ui-kit';
import type { PlayDebugView, ReplyDebug } from 'shared-kit';
import { usePlayerT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { readPlayDebug } from '../../services/memory.service';

const PARTS = ['system', 'story', 'summary', 'pins', 'lorebook', 'recent_lines'] as const;

function ReplyRecord({ reply }: { reply: ReplyDebug }): JSX.Element {
  const { t } = usePlayerT();
  const verdict = reply.verdict
    ? reply.verdict.failed
      ? t('debug.failed', { reason: reply.verdict.reason })
      : reply.verdict.met
        ? t('debug.met', { reason: reply.verdict.reason })
        : t('debug.notMet', { reason: reply.verdict.reason })
    : t('debug.notJudged');
  return (
    <li className="player-debug__reply" data-testid="debug-reply">
      <h3 className="player-debug__title">{t('debug.reply', { seq: reply.seq })}</h3>
      <table className="player-debug__parts">
        <caption className="ui-visually-hidden">{t('debug.partsCaption', { seq: reply.seq })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('debug.part')}</th>
            <th scope="col">{t('debug.tokens')}</th>
          </tr>
        </thead>
        <tbody>
          {PARTS.map((p) => (
            <tr key={p}>
              <th scope="row">{p === 'recent_lines' ? t('debug.parts.recent_lines', { count: reply.recent_line_count }) : t(`debug.parts.${p}`)}</th>
              <td>{reply.parts[p]}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('debug.parts.total')}</th>
            <td>{reply.parts.total}</td>
          </tr>
        </tbody>
      </table>
      <dl className="player-debug__facts">
        <dt>{t('debug.verdict')}</dt>
        <dd>{verdict}</dd>
        <dt>{t('debug.model')}</dt>
        <dd>{reply.model}</dd>
        <dt>{t('debug.ttft')}</dt>
        <dd>{reply.ttft_ms === null ? t('debug.none') : t('debug.ms', { ms: reply.ttft_ms })}</dd>
        {reply.lorebook_entries.length > 0 ? (
          <>
            <dt>{t('debug.entries')}</dt>
            <dd>
              <ul className="player-debug__entries">
                {reply.lorebook_entries.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/**
 * The play panel's Debug, in a test play of a draft (its creator's): per reply, newest first, the prompt's parts and
 * their tokens, the director's verdict on the objective, the model and the time to its first token.
 */
export function DebugPanel({ playId }: { playId: string }): JSX.Element {
  const { t } = usePlayerT();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; view?: PlayDebugView; error?: string }>({ status: 'loading' });
  async function load(): Promise<void> {
    setState((s) => ({ ...s, status: s.view ? 'ready' : 'loading' }));
    try {
      setState({ status: 'ready', view: await readPlayDebug(playId) });
    } catch (err) {
      setState({ status: 'error', error: errorText(err) });
    }
  }
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setOpen(true);
          void load();
        }}
      >
        {t('debug.open')}
      </Button>
      {open ? (
        <Modal open onClose={() => setOpen(false)} title={t('debug.title')} description={t('debug.description')} size="lg" className="player-debug">
          {state.status === 'loading' ? (
            <p className="player-status" role="status">
              <Spinner size="sm" decorative /> {t('debug.loading')}
            </p>
          ) : state.status === 'error' ? (
            <div role="alert">
              <p>{state.error}</p>
              <Button size="sm" onClick={() => void load()}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : state.view && state.view.replies.length > 0 ? (
            <ol className="player-debug__replies">
              {state.view.replies.map((r) => (
                <ReplyRecord key={`${r.dialogue_id}-${r.at}`} reply={r} />
              ))}
            </ol>
          ) : (
            <p className="player-memory__empty">{t('debug.empty')}</p>
          )}
        </Modal>
      ) : null}
    </>
  );
}
