import { useCallback, useEffect, useRef, useState, type JSX } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge, Button, ConfirmDialog, Spinner } from 'ui-kit';
import { useShallow } from 'zustand/react/shallow';
import { KEEP_TALKING_MAX, REPLY_ALTERNATIVES_MAX } from 'shared-kit';
import { Composer, type ComposerProps } from '../components/Composer';
import { DialogueLog } from '../components/DialogueLog';
import { EndingPanel } from '../components/EndingPanel';
import { ExportMenu } from '../components/ExportMenu';
import { ThreadShareButton } from '../components/threads/ThreadShareButton';
import { ShareVideo } from '../components/video/ShareVideo';
import { CallButton } from '../components/call/CallScreen';
import { DebugPanel } from '../components/memory/DebugPanel';
import { MemoryPanel } from '../components/memory/MemoryPanel';
import { SuggestReplies } from '../components/memory/SuggestReplies';
import { GreetingPicker } from '../components/GreetingPicker';
import { ChoiceButtons, EndingsAndMap, VariableStatus } from '../components/graph/GraphPlay';
import { GuestLoginPrompt, LimitBanner } from '../components/LimitBanner';
import { NotFound } from '../components/NotFound';
import { usePlayerPath } from '../components/paths';
import { PlayTimeRefusal, PlayTimeWarning } from '../components/playtime/PlayTimeBanner';
import { usePlayTime } from '../components/playtime/usePlayTime';
import { PlaySound } from '../components/sound/PlaySound';
import { useChatFollow } from '../components/useChatFollow';
import { usePlayerT } from '../i18n';
import { optionsOf } from '../stores/play/assemble';
import { selectCanSend, selectInputBlock, selectIsEnded, selectOpenOptions } from '../stores/play/selectors';
import { usePlayStore, type PlayState } from '../stores/play/store';

/** Everything of the play the screen shows but the composer's text: typing re-renders the composer alone. */
function selectScreen(s: PlayState): Omit<PlayState, 'draft'> {
  const { draft: _typed, ...rest } = s;
  return rest;
}

/** The composer with the play's draft: the one part of the screen a keystroke changes. */
function DraftComposer(props: Omit<ComposerProps, 'value' | 'onChange'>): JSX.Element {
  const draft = usePlayStore((s) => s.draft);
  const setDraft = usePlayStore((s) => s.setDraft);
  return <Composer {...props} value={draft} onChange={setDraft} />;
}

type Pending =
  { kind: 'rewind'; dialogueId: string; text: string } | { kind: 'restart' } | { kind: 'update' } | null;

/**
 * The play screen: the conversation with the story's characters, turn by turn. `/story/:id/play` opens the latest
 * play (`?new=1` a new one); `/story/:id/play/:playId` that play. Once open, the play's id is written in the address
 * (replacing it), so a reload, or the address shared with oneself, opens the same play.
 */
export function PlayPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '', playId: playParam } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const wantedPlay = playParam !== undefined && /^\d+$/.test(playParam) ? playParam : undefined;
  const valid = /^\d+$/.test(id) && (playParam === undefined || wantedPlay !== undefined);
  const s = usePlayStore(useShallow(selectScreen));
  const options = usePlayStore(selectOpenOptions);
  const ended = usePlayStore(selectIsEnded);
  const block = usePlayStore(selectInputBlock);
  const canSend = usePlayStore(selectCanSend);
  const [pending, setPending] = useState<Pending>(null);
  const requestRewind = useCallback(
    (dialogueId: string, text: string) => setPending({ kind: 'rewind', dialogueId, text }),
    [],
  );
  const [updateDismissed, setUpdateDismissed] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  // Play time (youth mode, anti-addiction): ticks while this screen is open, the warning, then the refusal.
  const playTime = usePlayTime({ tick: s.status === 'ready', playId: s.info?.play_id });
  const screenRef = useRef<HTMLDivElement>(null);
  const storyPath = usePlayerPath(`story/${id}`);
  const playBase = usePlayerPath(`story/${id}/play`);
  const newPlay = search.get('new') === '1';
  // My Story's Play-test link: the creator tries the working copy.
  const draft = search.get('draft') === '1';

  // The play id this page wrote in the address: arriving there is not a request to open it again.
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (!valid) return;
    const open = usePlayStore.getState();
    if (wantedPlay && !newPlay && written.current === wantedPlay && open.storyId === id && open.info?.play_id === wantedPlay) return;
    void open.open(id, { newPlay, draft, playId: wantedPlay });
  }, [id, valid, wantedPlay, newPlay, draft]);
  // Leaving the page (or the story) stops the play's streams; moving between its plays reopens through `open`.
  useEffect(() => () => usePlayStore.getState().leave(), [id]);

  // The open play's id in the address: after opening the latest or a new one, a restart or an update.
  const openPlayId = s.status === 'ready' && s.storyId === id ? (s.info?.play_id ?? '') : '';
  useEffect(() => {
    // Read afresh: an open just asked for (another play, a new one) has not answered yet.
    const now = usePlayStore.getState();
    if (!openPlayId || now.status !== 'ready' || now.info?.play_id !== openPlayId) return;
    if (openPlayId === wantedPlay && !newPlay) return;
    written.current = openPlayId;
    void navigate({ pathname: `${playBase}/${openPlayId}`, search: draft ? '?draft=1' : '' }, { replace: true });
  }, [openPlayId, wantedPlay, newPlay, draft, playBase, navigate]);

  const last = s.dialogues[s.dialogues.length - 1];
  const follow = useChatFollow(
    screenRef,
    `${s.dialogues.length}:${last?.dialogue_id ?? ''}:${last?.content.length ?? 0}:${String(last?.done)}:${String(ended)}`,
    s.status === 'ready',
  );

  if (!valid) return <NotFound />;
  if (s.status === 'error') {
    return (
      <div className="player-page player-center">
        <h1>{t('play.cannotOpen')}</h1>
        <p role="alert">{s.loadError}</p>
        <Button onClick={() => void s.open(id, { newPlay, draft, playId: wantedPlay })}>{t('common.tryAgain')}</Button>
        <Link to={storyPath} className="player-link">
          {t('play.backToStory')}
        </Link>
      </div>
    );
  }
  if (s.status !== 'ready' || !s.info) {
    return (
      <div className="player-page">
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('play.opening')}
        </p>
      </div>
    );
  }

  const info = s.info;
  const playerName = info.story.player.character_name;
  const idle = !s.streaming && !s.sending && s.busy === null;
  const waiting = s.reconnecting
    ? t('play.reconnecting')
    : s.streaming
      ? t('play.writing')
      : s.sending
        ? t('play.sending')
        : null;

  function confirmPending(): void {
    if (!pending) return;
    const run =
      pending.kind === 'rewind'
        ? s.rewind(pending.dialogueId)
        : pending.kind === 'restart'
          ? s.restart()
          : s.syncLatest();
    void run.then(() => setPending(null));
  }

  return (
    <div className="player-play" ref={screenRef}>
      <header className="player-play__header">
        <Link to={storyPath} className="player-back" aria-label={t('play.backToStory')}>
          ‹
        </Link>
        <h1 className="player-play__title">{info.story.story_name}</h1>
        {/* On a phone the play's less used tools fold behind More (one line of buttons, not three). */}
        <Button
          size="sm"
          className="player-play__more"
          aria-expanded={toolsOpen}
          aria-controls="player-play-tools"
          onClick={() => setToolsOpen((open) => !open)}
        >
          {t('play.moreTools')}
        </Button>
        <div id="player-play-tools" className="player-play__tools" data-open={toolsOpen}>
          <MemoryPanel playId={info.play_id} />
          {info.is_draft ? <DebugPanel playId={info.play_id} /> : null}
          <ExportMenu playId={info.play_id} />
          {info.is_draft ? null : <ThreadShareButton playId={info.play_id} />}
          {info.is_draft ? null : <ShareVideo playId={info.play_id} ended={ended} />}
        </div>
        <CallButton playId={info.play_id} characterName={info.story.story_name} />
        <Button size="sm" onClick={() => setPending({ kind: 'restart' })} disabled={!idle}>
          {t('play.restart')}
        </Button>
      </header>
      <p className="player-labels">
        <Badge tone="info">{t('common.aiContent')}</Badge>
        {info.ai_mode === 'offline' ? <Badge tone="warning">{t('play.offline')}</Badge> : null}
      </p>
      <PlaySound info={info} />

      {info.has_newer_version && !updateDismissed ? (
        <section className="player-update" aria-label={t('play.updateRegion')}>
          <p>{t('play.updateText')}</p>
          <div className="player-row">
            <Button
              variant="primary"
              size="sm"
              onClick={() => setPending({ kind: 'update' })}
              disabled={!idle}
            >
              {t('play.update')}
            </Button>
            <Button size="sm" onClick={() => setUpdateDismissed(true)}>
              {t('play.notNow')}
            </Button>
          </div>
        </section>
      ) : null}

      {info.chapter_objective && !ended ? (
        <section className="player-objective" aria-label={t('play.objective')}>
          <span className="player-objective__chapter">
            {t('play.chapterOf', { index: info.chapter_index + 1, count: info.chapters_count })}
          </span>
          <p className="player-objective__text">{info.chapter_objective}</p>
        </section>
      ) : null}

      {s.actionError ? (
        <p className="player-error" role="alert">
          {s.actionError}
        </p>
      ) : null}

      {info.graph ? <VariableStatus graph={info.graph} /> : null}
      <GreetingPicker />
      <DialogueLog playerName={playerName} onRewind={requestRewind} />

      <div className="player-play__footer">
        {follow.unseen ? (
          <Button
            variant="primary"
            size="sm"
            className="player-new-messages"
            onClick={() => follow.toLatest(true)}
          >
            {t('play.newMessages')}
          </Button>
        ) : null}
        {ended ? (
          <EndingPanel
            info={info}
            ending={s.ending}
            busy={s.busy !== null}
            onPlayAgain={() => void s.restart()}
          >
            {info.graph ? <EndingsAndMap storyId={info.story_id} playId={info.play_id} title={s.ending?.ending_title ?? ''} /> : null}
          </EndingPanel>
        ) : block === 'login' ? (
          <GuestLoginPrompt limit={s.sendLimit} />
        ) : playTime.refused ? (
          <PlayTimeRefusal view={playTime} />
        ) : (
          <>
            <PlayTimeWarning view={playTime} />
            <LimitBanner limit={s.sendLimit} />
            {s.refusedNotice ? (
              <p className="player-error" role="alert">
                {s.refusedNotice}
              </p>
            ) : null}
            {info.graph && info.graph.choices.length > 0 ? (
              <ChoiceButtons
                graph={info.graph}
                disabled={!canSend}
                onPick={(id) => {
                  follow.toLatest();
                  void s.pick(id);
                }}
              />
            ) : options ? (
              <div className="player-options" role="group" aria-label={t('play.choices')}>
                {optionsOf(options).map((o) => (
                  <Button
                    key={o}
                    className="player-option"
                    disabled={!canSend}
                    onClick={() => {
                      follow.toLatest();
                      void s.choose(o);
                    }}
                  >
                    {o}
                  </Button>
                ))}
              </div>
            ) : (
              <SuggestReplies canSend={canSend} />
            )}
            {block !== 'limit' && info.graph?.free_text !== false ? (
              <DraftComposer
                max={s.inputMax}
                canSend={canSend}
                waiting={waiting}
                error={s.sendError ?? (s.turnNotice ? t(`turns.${s.turnNotice}`, { max: s.turnNotice === 'keepTalkingMax' ? KEEP_TALKING_MAX : REPLY_ALTERNATIVES_MAX }) : null)}
                onSend={(text) => {
                  follow.toLatest();
                  void s.send(text);
                }}
                onKeepTalking={() => {
                  follow.toLatest();
                  void s.keepTalking();
                }}
                editing={s.editing !== null}
                onCancelEdit={s.cancelEdit}
                onStop={s.streaming && !s.reconnecting ? () => void s.stop() : undefined}
              />
            ) : null}
          </>
        )}
      </div>

      {pending?.kind === 'rewind' ? (
        <ConfirmDialog
          title={t('play.rewindTitle')}
          confirmLabel={t('play.rewind')}
          busy={s.busy !== null}
          onCancel={() => setPending(null)}
          onConfirm={confirmPending}
        >
          {t('play.rewindText', { text: pending.text.slice(0, 80) })}
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'restart' ? (
        <ConfirmDialog
          title={t('play.restartTitle')}
          confirmLabel={t('play.restart')}
          danger
          busy={s.busy !== null}
          onCancel={() => setPending(null)}
          onConfirm={confirmPending}
        >
          {t('play.restartText')}
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'update' ? (
        <ConfirmDialog
          title={t('play.updateTitle')}
          confirmLabel={t('play.update')}
          danger
          busy={s.busy !== null}
          onCancel={() => setPending(null)}
          onConfirm={confirmPending}
        >
          {t('play.updateConfirmText')}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
