import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { ErrorCode, isApiError, shellToast, useSessionStore } from 'shared-kit';
import { VIDEO_MAX_LINES, type VideoQuota, type VideoTask } from 'shared-kit/schemas';
import { Button, Modal, ProgressBar, Spinner, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { threadGroups } from '../../services/thread.service';
import * as video from '../../services/video.service';
import { usePlayerPath } from '../paths';
import { copyLink } from '../shared/ShareLinkButton';
import { TurnPicker, type PickGroup } from '../threads/TurnPicker';
import { useVideoTask } from './useVideoTask';
import './video.css';

/** The latest turns that fit in one video (VIDEO_MAX_LINES lines): what is chosen when the dialog opens. */
function latestTurns(groups: PickGroup[]): string[] {
  const out: string[] = [];
  let lines = 0;
  for (const g of [...groups].reverse()) {
    if (!g.sharable) continue;
    if (lines + g.lines.length > VIDEO_MAX_LINES) break;
    lines += g.lines.length;
    out.unshift(g.group_id);
  }
  return out;
}

type Step = { kind: 'loading' } | { kind: 'ready'; quota: VideoQuota; groups: PickGroup[] } | { kind: 'task'; task: VideoTask } | { kind: 'error'; message: string; quota?: VideoQuota };

/**
 * The play menu's "Share as video": says how many videos are left today, lets the player choose the turns (the
 * thread's turn picker; the latest that fit are chosen at first), makes the video of them (of the whole play when an
 * ended play's every turn is chosen), shows its progress with a cancel, and ends with the video's page and a link.
 */
export function ShareVideo({ playId, ended }: { playId: string; ended: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const signedIn = useSessionStore((s) => s.status === 'user');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const task = useVideoTask(step.kind === 'task' ? step.task : null);
  const pagePath = usePlayerPath(task?.share ? `video/${task.share.code}` : '');

  function refusal(error: unknown, quota?: VideoQuota): Step {
    const code = isApiError(error) ? error.code : null;
    const message =
      code === ErrorCode.VideoShareRenderLimit
        ? t('video.limit')
        : code === ErrorCode.DialogueReviewNotPassed
          ? t('video.flagged')
          : messageForError(error);
    return { kind: 'error', message, quota };
  }

  async function onOpen(): Promise<void> {
    setOpen(true);
    setStep({ kind: 'loading' });
    try {
      const [quota, turns] = await Promise.all([video.videoQuota(), threadGroups(playId)]);
      setChosen(latestTurns(turns.groups));
      setStep({ kind: 'ready', quota, groups: turns.groups });
    } catch (error) {
      setStep(refusal(error));
    }
  }

  async function onMake(): Promise<void> {
    setBusy(true);
    try {
      const all = step.kind === 'ready' && step.groups.every((g) => !g.sharable || chosen.includes(g.group_id));
      const answer = await video.createVideoTask(ended && all ? { play_id: playId } : { play_id: playId, group_ids: chosen });
      setStep({ kind: 'task', task: answer.task });
    } catch (error) {
      setStep(refusal(error, step.kind === 'ready' ? step.quota : undefined));
    } finally {
      setBusy(false);
    }
  }

  async function onCancel(): Promise<void> {
    if (!task) return;
    setBusy(true);
    try {
      setStep({ kind: 'task', task: (await video.cancelVideoTask(task.task_id)).task });
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
    } finally {
      setBusy(false);
    }
  }

  const rendering = task !== null && (task.status === 'Waiting' || task.status === 'Rendering');
  let body: JSX.Element;
  let actions: JSX.Element = <Button onClick={() => setOpen(false)}>{t('video.close')}</Button>;
  if (step.kind === 'loading') {
    body = <Spinner label={t('video.loading')} />;
  } else if (step.kind === 'ready') {
    const lines = step.groups.filter((g) => chosen.includes(g.group_id)).reduce((n, g) => n + g.lines.length, 0);
    const tooMany = lines > VIDEO_MAX_LINES;
    const none = step.quota.remaining <= 0 || chosen.length === 0 || tooMany;
    body = (
      <>
        <p>{t('video.chosen', { count: lines })}</p>
        <p className="player-video__quota">{t('video.left', { remaining: step.quota.remaining, limit: step.quota.limit })}</p>
        {step.groups.length === 0 ? (
          <p className="player-status">{t('video.noTurns')}</p>
        ) : (
          <TurnPicker
            groups={step.groups}
            chosen={chosen}
            onChange={setChosen}
            testId="video-turn"
            legend={
              <>
                {t('video.turns')} <span className="player-card__meta">{t('video.lines', { count: lines, max: VIDEO_MAX_LINES })}</span>
              </>
            }
          />
        )}
        {tooMany ? (
          <p role="alert" className="ui-field__error">
            {t('video.tooMany', { max: VIDEO_MAX_LINES })}
          </p>
        ) : null}
      </>
    );
    actions = (
      <>
        <Button onClick={() => setOpen(false)}>{t('video.close')}</Button>
        <Button variant="primary" loading={busy} disabled={none} onClick={() => void onMake()}>
          {t('video.make')}
        </Button>
      </>
    );
  } else if (step.kind === 'error') {
    body = (
      <>
        <p className="player-error" role="alert">
          {step.message}
        </p>
        {step.quota ? <p className="player-video__quota">{t('video.left', { remaining: 0, limit: step.quota.limit })}</p> : null}
      </>
    );
  } else if (task && rendering) {
    body = <ProgressBar value={task.percent} label={t('video.progress', { percent: task.percent })} />;
    actions = (
      <Button variant="danger" loading={busy} onClick={() => void onCancel()}>
        {t('video.cancel')}
      </Button>
    );
  } else if (task?.status === 'Success' && task.share) {
    const url = new URL(task.share.path, window.location.origin).href;
    body = (
      <>
        <p role="status">{t('video.ready')}</p>
        <label className="player-video__link">
          <span>{t('video.link')}</span>
          <input id="player-video-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      </>
    );
    actions = (
      <>
        <Link className="ui-button ui-button--secondary ui-button--md" to={pagePath}>
          {t('video.watch')}
        </Link>
        <Button variant="primary" onClick={() => void copyLink(url, 'player-video-link', t('video.copied'))}>
          {t('video.copy')}
        </Button>
      </>
    );
  } else {
    body = (
      <p role="status" className={task?.status === 'Fail' ? 'player-error' : undefined}>
        {task?.status === 'Cancel' ? t('video.cancelled') : t('video.failed')}
      </p>
    );
  }

  // Videos are made for signed-in players (a guest is asked to log in to keep their play first).
  if (!signedIn) return <></>;
  return (
    <>
      <Button size="sm" onClick={() => void onOpen()}>
        {t('video.open')}
      </Button>
      {open ? (
        <Modal open title={t('video.title')} onClose={() => setOpen(false)} busy={busy} actions={actions}>
          <div className="player-video" aria-live="polite">
            {body}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
