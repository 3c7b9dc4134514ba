import { useCallback, useRef, useState } from 'react';
import { AudioCallStatus, useSessionStore } from 'shared-kit';
import { Button, Modal, Spinner, messageForCode } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useCall } from './useCall';
import './call.css';

const clock = (s: number): string => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const minutes = (s: number): number => Math.floor(s / 60);

/** The play header's "Call" button and the call screen it opens. */
export function CallButton({ playId, characterName }: { playId: string; characterName: string }) {
  const t = usePlayerT().t;
  const [open, setOpen] = useState(false);
  const signedIn = useSessionStore((s) => s.status === 'user');
  // Calls are for signed-in players, as videos are (the api refuses a guest's call): a guest is not offered one.
  if (!signedIn) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="call-open">
        {t('call.open')}
      </Button>
      {open ? <CallScreen playId={playId} characterName={characterName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CallScreen({ playId, characterName, onClose }: { playId: string; characterName: string; onClose: () => void }) {
  const t = usePlayerT().t;
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const audio = useCallback(() => audioRef.current, []);
  const c = useCall(playId, audio);
  const name = c.call?.character_name || characterName;
  const live = c.phase === 'live';
  const who = c.speaking === 'player' ? t('call.youSpeak') : c.speaking === 'character' ? t('call.theySpeak', { name }) : t('call.listening');
  const ended =
    c.endStatus === AudioCallStatus.DurationLimit
      ? t('call.endedDuration')
      : c.endStatus === AudioCallStatus.TimeLimit
        ? t('call.endedTime')
        : c.endStatus === AudioCallStatus.QuotaLimit
          ? t('call.endedQuota')
          : t('call.ended');

  const actions = live ? (
    <>
      <Button onClick={c.toggleMute} aria-pressed={c.muted} data-testid="call-mute">
        {c.muted ? t('call.unmute') : t('call.mute')}
      </Button>
      <Button variant="danger" onClick={c.end} data-testid="call-end">
        {t('call.end')}
      </Button>
    </>
  ) : c.phase === 'ready' || c.phase === 'ended' ? (
    <Button variant="primary" onClick={() => void c.start()} disabled={(c.left?.seconds_left_today ?? 0) <= 0} data-testid="call-start">
      {c.phase === 'ended' ? t('call.again') : t('call.start')}
    </Button>
  ) : null;

  return (
    <Modal open onClose={live ? c.end : onClose} title={t('call.title', { name })} actions={actions} busy={c.phase === 'connecting'}>
      <div className="player-call" data-testid="call-screen">
        {c.phase === 'loading' || c.phase === 'connecting' ? <Spinner label={c.phase === 'loading' ? t('common.loading') : t('call.connecting')} /> : null}
        {c.left && !live ? (
          <p className="player-call__left" data-testid="call-left">
            {c.left.seconds_left_today > 0
              ? t('call.left', { max: minutes(c.left.max_call_seconds), left: minutes(c.left.seconds_left_today) })
              : t('call.noneLeft')}
          </p>
        ) : null}
        {live ? (
          <>
            <p className="player-call__status" role="status" data-testid="call-who">
              <span className={`player-call__dot player-call__dot--${c.speaking}`} aria-hidden="true" />
              {c.muted ? t('call.muted') : who}
              <time className="player-call__time" data-testid="call-time">
                {clock(c.seconds)}
              </time>
            </p>
          </>
        ) : null}
        {c.phase === 'ended' ? (
          <p role="status" data-testid="call-ended">
            {ended}
          </p>
        ) : null}
        {c.code && c.phase !== 'ended' ? (
          <p role="alert" className="player-call__error">
            {c.code === 1002 && c.phase === 'error' ? t('call.failed') : messageForCode(c.code)}
          </p>
        ) : null}
        {c.lines.length > 0 ? (
          // Focusable: it scrolls once the transcript is longer than the screen, and keyboards must reach it.
          <ol className="player-call__lines" aria-label={t('call.transcript')} aria-live="polite" tabIndex={0} data-testid="call-transcript">
            {c.lines.map((l) => (
              <li key={l.key} className={`player-call__line player-call__line--${l.who}`}>
                <strong>{l.who === 'player' ? t('call.you') : name}</strong> {l.text}
              </li>
            ))}
          </ol>
        ) : live ? (
          <p className="player-call__hint">{t('call.hint')}</p>
        ) : null}
        <audio ref={audioRef} onEnded={c.onClipEnded} data-testid="call-audio" />
      </div>
    </Modal>
  );
}
