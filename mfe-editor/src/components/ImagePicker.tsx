import { useState, type JSX } from 'react';
import { Button, cx } from 'ui-kit';
import type { MediaUse } from '../api/types';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import * as mediaService from '../services/media.service';
import { FieldError, fieldA11y, useFieldError } from './Field';
import { ImageGenerator } from './ImageGenerator';

export interface ImagePickerProps {
  fkey: string;
  label: string;
  use: MediaUse;
  value: string;
  onChange: (url: string) => void;
  /** Offer drawing the picture from a prompt; `characterName` is the character's, required before drawing it. */
  generate?: { characterName?: string };
}

/** Upload a picture (the server checks its type, size and shape for the use), or draw one from a prompt, and show it. */
export function ImagePicker({ fkey, label, use, value, onChange, generate }: ImagePickerProps): JSX.Element {
  const { t } = useEditorT();
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, false);
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });

  async function pick(file: File | undefined): Promise<void> {
    if (!file) return;
    setState({ busy: true, problem: null });
    try {
      const media = await mediaService.upload(file, use);
      onChange(media.url);
      setState({ busy: false, problem: null });
    } catch (e) {
      setState({ busy: false, problem: errorText(e) });
    }
  }

  return (
    <div className={cx('ui-field editor-field editor-image', error && 'ui-field--error')}>
      <label htmlFor={a11y.id} className="ui-field__label">
        {label}
      </label>
      {value ? <img className={`editor-image__preview editor-image__preview--${use}`} src={value} alt={label} /> : null}
      <div className="ui-row">
        <input
          {...a11y}
          className="editor-file"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={state.busy}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {value ? (
          <Button variant="ghost" size="sm" className="editor-danger-text" onClick={() => onChange('')}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
      {state.busy ? <p className="ui-field__hint">{t('image.uploading')}</p> : null}
      {state.problem ? (
        <p className="ui-field__error" role="alert">
          {state.problem}
        </p>
      ) : null}
      {generate ? <ImageGenerator fkey={fkey} use={use} characterName={generate.characterName} onGenerated={onChange} /> : null}
      <FieldError fkey={fkey} error={error} />
    </div>
  );
}
