import { useId, useState, type JSX } from 'react';
import { LIMITS } from 'shared-kit';

/** Step one of brainstorming: the creator's idea, counted against the spec's limit. */
export function IdeaPage(): JSX.Element {
  const [idea, setIdea] = useState('');
  const fieldId = useId();
  const counterId = useId();
  return (
    <main>
      <h1>Brainstorm</h1>
      <label htmlFor={fieldId}>Story idea</label>
      <textarea
        id={fieldId}
        value={idea}
        maxLength={LIMITS.brainstormIdea}
        rows={8}
        aria-describedby={counterId}
        onChange={(event) => setIdea(event.target.value.slice(0, LIMITS.brainstormIdea))}
      />
      <p id={counterId}>
        {idea.length}/{LIMITS.brainstormIdea}
      </p>
      <p>Generating a story from the idea is not available yet.</p>
    </main>
  );
}
