import { useState, type JSX } from 'react';
import { charLength, LIMITS } from 'shared-kit';
import { Button, ProgressBar, TextArea } from 'ui-kit';
import type { GenerateUse } from '../api/types';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import * as mediaService from '../services/media.service';
import { fieldDomId } from '../stores/editor/fields';
import { useEditorStore } from '../stores/editor/store';

export interface ImageGeneratorProps {
  /** The picture field's key; the prompt's ids derive from it. */
  fkey: string;
  use: GenerateUse;
  /** For a character picture: its name, which the spec requires before drawing. */
  characterName?: string;
  onGenerated: (url: string) => void;
}

/** Why Generate cannot run yet (spec section 5: an appearance prompt and a name first): a catalogue key, or null. */
function blocker(use: GenerateUse, prompt: string, name: string | undefined): 'needName' | 'needPrompt' | 'promptTooLong' | null {
  if (use === 'character' && (name ?? '').trim() === '') return 'needName';
  if (prompt.trim() === '') return 'needPrompt';
  if (charLength(prompt) > LIMITS.aiPrompt) return 'promptTooLong';
  return null;
}

/**
 * Draws a picture from an appearance prompt through the api's provider (the offline artwork or a model), in the
 * story's drawing style. The prompt is a drawing aid, not part of the story, so it stays in the component.
 */
export function ImageGenerator({ fkey, use, characterName, onGenerated }: ImageGeneratorProps): JSX.Element {
  const { t } = useEditorT();
  const style = useEditorStore((s) => s.content.image_generate_style?.code ?? '');
  const [prompt, setPrompt] = useState('');
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const id = fieldDomId(`${fkey}.prompt`);
  const why = blocker(use, prompt, characterName);

  async function generate(): Promise<void> {
    setState({ busy: true, problem: null });
    try {
      const picture = await mediaService.generateImage({
        use,
        prompt: prompt.trim(),
        ...(use === 'character' ? { character_name: (characterName ?? '').trim() } : {}),
        ...(style ? { image_generate_style: { code: style } } : {}),
      });
      setState({ busy: false, problem: null });
      onGenerated(picture.url);
    } catch (error) {
      setState({ busy: false, problem: errorText(error) });
    }
  }

  // Over the limit the field says so itself; the other reasons are its hint.
  const hint = why && why !== 'promptTooLong' ? t(`image.${why}`) : undefined;
  return (
    <div className="editor-generate">
      <TextArea
        id={id}
        label={t('image.prompt')}
        value={prompt}
        limit={LIMITS.aiPrompt}
        rows={2}
        hint={hint}
        placeholder={t('image.promptPlaceholder')}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <div className="ui-row">
        <Button disabled={state.busy || why !== null} aria-describedby={hint ? `${id}-hint` : undefined} onClick={() => void generate()}>
          {state.busy ? t('image.generating') : t('image.generate')}
        </Button>
        {state.busy ? (
          <span role="status" className="ui-row ui-text-muted">
            <ProgressBar label={t('image.generatingPicture')} className="editor-generate__progress" />
            {t('image.generatingPicture')}
          </span>
        ) : null}
      </div>
      {state.problem ? (
        <p className="ui-field__error" role="alert">
          {state.problem}
        </p>
      ) : null}
    </div>
  );
}
