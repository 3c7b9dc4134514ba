import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { Dubbing } from 'shared-kit';
import { Button, IconButton, cx } from 'ui-kit';
import type { DubbingInfo } from '../api/types';
import { useEditorT } from '../i18n';
import { selectIsPlaying } from '../stores/audio/selectors';
import { useAudioStore } from '../stores/audio/store';
import { findDubbing, selectMediaOptionsStatus, selectDubbings } from '../stores/mediaOptions/selectors';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { useMyVoicesStore } from '../stores/voices/store';
import { FieldError, fieldA11y, useFieldError } from './Field';

/** A voice's name in the UI language: a built-in voice by its id, any other by the name it came with. */
export function useVoiceName(): (info: Pick<DubbingInfo, 'dubbing' | 'dubbing_desc'>) => string {
  const { t } = useEditorT();
  return (info) =>
    t(`voice.names.${info.dubbing}` as 'voice.names.en_narrator', { defaultValue: info.dubbing_desc });
}

/** Plays a voice's audition; shows a moving-bars animation while it plays (spec section 2). */
export function AuditionButton({ info }: { info: DubbingInfo }): JSX.Element {
  const { t } = useEditorT();
  const name = useVoiceName()(info);
  const playing = useAudioStore(selectIsPlaying(info.dubbing_audition));
  const toggle = useAudioStore((s) => s.toggle);
  return (
    <IconButton
      size="sm"
      variant="secondary"
      className={cx('editor-audition', playing && 'editor-audition--playing')}
      aria-label={playing ? t('voice.stop', { name }) : t('voice.play', { name })}
      aria-pressed={playing}
      onClick={() => toggle(info.dubbing_audition)}
      icon={
        playing ? (
          <span className="editor-bars" data-testid="playing">
            <i />
            <i />
            <i />
          </span>
        ) : (
          '▶'
        )
      }
    />
  );
}

export interface VoicePickerProps {
  fkey: string;
  label: string;
  value: string;
  onChange: (dubbing: Dubbing) => void;
}

/** Choose a voice from the dubbing list, grouped by language, each with an audition. */
export function VoicePicker({ fkey, label, value, onChange }: VoicePickerProps): JSX.Element {
  const { t } = useEditorT();
  const [open, setOpen] = useState(false);
  const voiceName = useVoiceName();
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, false);
  const languages = useMediaOptionsStore(selectDubbings);
  const status = useMediaOptionsStore(selectMediaOptionsStatus);
  const current = useMediaOptionsStore((s) => (value ? findDubbing(s, value) : null));
  const mine = useMyVoicesStore((s) => s.voices);
  const mineStatus = useMyVoicesStore((s) => s.status);
  const ensureMine = useMyVoicesStore((s) => s.ensure);
  // One's own voices load when the list opens, or at once when the chosen voice is one of them (to show its name).
  const needMine = open || value.startsWith('ugc_');
  useEffect(() => {
    void useMediaOptionsStore.getState().ensure();
  }, []);
  useEffect(() => {
    if (needMine) void ensureMine();
  }, [needMine, ensureMine]);
  const myCurrent = mine.find((v) => v.voice_id === value);
  const panelId = `${a11y.id}-panel`;
  // Until the list that names the chosen voice has arrived, say so rather than show its raw id.
  const naming = value.startsWith('ugc_') ? mineStatus : status;
  const unnamed = naming === 'idle' || naming === 'loading' ? t('voice.loading') : value;
  const chosenText = current
    ? voiceName(current)
    : myCurrent
      ? myCurrent.name
      : value
        ? unnamed
        : t('voice.choose');
  return (
    <div className={cx('ui-field editor-field', error && 'ui-field--error')}>
      <span className="ui-field__label">{label}</span>
      <Button
        {...a11y}
        className="editor-voice-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('voice.chosen', { label, value: chosenText })}
        onClick={() => setOpen((o) => !o)}
      >
        {chosenText}
      </Button>
      {open ? (
        <div id={panelId} className="editor-voices" role="group" aria-label={t('voice.options', { label })}>
          {status === 'loading' ? <p>{t('voice.loading')}</p> : null}
          {status === 'error' ? <p className="ui-field__error">{t('voice.failed')}</p> : null}
          {languages.map((lang) => (
            <fieldset key={lang.language_key} className="editor-voices__lang">
              <legend>{lang.language}</legend>
              {lang.dubbing_infos.map((info) => (
                <div key={info.dubbing} className="editor-voice">
                  <label>
                    <input
                      type="radio"
                      name={panelId}
                      checked={info.dubbing === value}
                      onChange={() => {
                        onChange({
                          dubbing: info.dubbing,
                          language: lang.language_key,
                          dubbing_desc: info.dubbing_desc,
                        });
                        setOpen(false);
                      }}
                    />
                    {voiceName(info)}
                  </label>
                  <AuditionButton info={info} />
                </div>
              ))}
            </fieldset>
          ))}
          <fieldset className="editor-voices__lang">
            <legend>{t('voice.mine')}</legend>
            {mineStatus === 'ready' && mine.length === 0 ? (
              <p className="ui-field__hint">{t('voice.mineEmpty')}</p>
            ) : null}
            {mineStatus === 'error' ? <p className="ui-field__error">{t('voice.failed')}</p> : null}
            {mine
              .filter((v) => v.status === 'Normal')
              .map((v) => (
                <div key={v.voice_id} className="editor-voice">
                  <label>
                    <input
                      type="radio"
                      name={panelId}
                      checked={v.voice_id === value}
                      onChange={() => {
                        onChange({ dubbing: v.voice_id, language: v.language, dubbing_desc: v.name });
                        setOpen(false);
                      }}
                    />
                    {v.name}
                  </label>
                  <AuditionButton
                    info={{ dubbing: v.voice_id, dubbing_desc: v.name, dubbing_audition: v.preview_url }}
                  />
                </div>
              ))}
            <Link className="editor-voices__manage" to="/editor/voices">
              {t('voice.manage')}
            </Link>
          </fieldset>
        </div>
      ) : null}
      <FieldError fkey={fkey} error={error} />
    </div>
  );
}
