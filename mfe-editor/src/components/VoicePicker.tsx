import { useState, type JSX } from 'react';
import type { Dubbing } from 'shared-kit';
import type { DubbingInfo } from '../api/types';
import { selectIsPlaying } from '../stores/audio/selectors';
import { useAudioStore } from '../stores/audio/store';
import { findDubbing, selectCatalogStatus, selectDubbings } from '../stores/catalog/selectors';
import { useCatalogStore } from '../stores/catalog/store';
import { FieldError, fieldA11y, useFieldError } from './Field';

/** Plays a voice's audition; shows a moving-bars animation while it plays (spec section 2). */
export function AuditionButton({ info }: { info: DubbingInfo }): JSX.Element {
  const playing = useAudioStore(selectIsPlaying(info.dubbing_audition));
  const toggle = useAudioStore((s) => s.toggle);
  return (
    <button
      type="button"
      className={`ed-audition${playing ? ' ed-audition--playing' : ''}`}
      aria-label={`${playing ? 'Stop' : 'Play'} ${info.dubbing_desc}`}
      aria-pressed={playing}
      onClick={() => toggle(info.dubbing_audition)}
    >
      {playing ? (
        <span className="ed-bars" data-testid="playing" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
      ) : (
        '▶'
      )}
    </button>
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
  const [open, setOpen] = useState(false);
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, false);
  const languages = useCatalogStore(selectDubbings);
  const status = useCatalogStore(selectCatalogStatus);
  const current = useCatalogStore((s) => (value ? findDubbing(s, value) : null));
  const panelId = `${a11y.id}-panel`;
  const chosenText = current ? current.dubbing_desc : value ? value : 'Choose a voice';
  return (
    <div className={`ed-field${error ? ' ed-field--invalid' : ''}`}>
      <div className="ed-field__head">
        <span className="ed-label">{label}</span>
      </div>
      <button
        type="button"
        {...a11y}
        className="ed-select-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label}: ${chosenText}`}
        onClick={() => setOpen((o) => !o)}
      >
        {chosenText}
      </button>
      {open ? (
        <div id={panelId} className="ed-voices" role="group" aria-label={`${label} options`}>
          {status === 'loading' ? <p>Loading voices…</p> : null}
          {status === 'error' ? <p className="ed-error">Voices could not be loaded.</p> : null}
          {languages.map((lang) => (
            <fieldset key={lang.language_key} className="ed-voices__lang">
              <legend>{lang.language}</legend>
              {lang.dubbing_infos.map((info) => (
                <div key={info.dubbing} className="ed-voice">
                  <label>
                    <input
                      type="radio"
                      name={panelId}
                      checked={info.dubbing === value}
                      onChange={() => {
                        onChange({ dubbing: info.dubbing, language: lang.language_key, dubbing_desc: info.dubbing_desc });
                        setOpen(false);
                      }}
                    />
                    {info.dubbing_desc}
                  </label>
                  <AuditionButton info={info} />
                </div>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}
      <FieldError fkey={fkey} error={error} />
    </div>
  );
}
