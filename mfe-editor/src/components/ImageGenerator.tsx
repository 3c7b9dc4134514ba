import { useState, type JSX } from 'react';
import { charLength, LIMITS } from 'shared-kit';
import type { GenerateUse } from '../api/types';
import { errorText } from '../lib/errors';
import * as catalogService from '../services/catalog.service';
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

/** Why Generate cannot run yet (spec section 5: an appearance prompt and a name first), or null. */
function blocker(use: GenerateUse, prompt: string, name: string | undefined): string | null {
  if (use === 'character' && (name ?? '').trim() === '') return 'Name the character before generating a picture';
  if (prompt.trim() === '') return 'Describe the appearance before generating a picture';
  if (charLength(prompt) > LIMITS.aiPrompt) return `The prompt can be at most ${LIMITS.aiPrompt} characters`;
  return null;
}

/**
 * Draws a picture from an appearance prompt through the api's provider (the offline artwork or a model), in the
 * story's drawing style. The prompt is a drawing aid, not part of the story, so it stays in the component.
 */
export function ImageGenerator({ fkey, use, characterName, onGenerated }: ImageGeneratorProps): JSX.Element {
  const style = useEditorStore((s) => s.content.image_generate_style?.code ?? '');
  const [prompt, setPrompt] = useState('');
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const id = fieldDomId(`${fkey}.prompt`);
  const why = blocker(use, prompt, characterName);
  const count = charLength(prompt);

  async function generate(): Promise<void> {
    setState({ busy: true, problem: null });
    try {
      const picture = await catalogService.generateImage({
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

  return (
    <div className="ed-generate">
      <div className="ed-field__head">
        <label htmlFor={id}>Appearance prompt</label>
        <span id={`${id}-count`} className={`ed-counter${count > LIMITS.aiPrompt ? ' ed-counter--over' : ''}`}>
          {count}/{LIMITS.aiPrompt}
        </span>
      </div>
      <textarea
        id={id}
        className="ed-input ed-input--area"
        value={prompt}
        placeholder="Hair, clothes, mood, setting…"
        aria-describedby={`${id}-count${why ? ` ${id}-why` : ''}`}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <div className="ed-image__actions">
        <button
          type="button"
          className="ed-button"
          disabled={state.busy || why !== null}
          aria-describedby={why ? `${id}-why` : undefined}
          onClick={() => void generate()}
        >
          {state.busy ? 'Generating…' : 'Generate'}
        </button>
        {state.busy ? (
          <span role="status" className="ed-hint">
            <progress aria-label="Generating picture" /> Generating picture…
          </span>
        ) : null}
      </div>
      {why ? (
        <p id={`${id}-why`} className="ed-hint">
          {why}
        </p>
      ) : null}
      {state.problem ? (
        <p className="ed-error" role="alert">
          {state.problem}
        </p>
      ) : null}
    </div>
  );
}
