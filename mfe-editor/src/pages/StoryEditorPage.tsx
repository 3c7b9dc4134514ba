import type { JSX } from 'react';
import { Link, useParams } from 'react-router';

/** The story editor's frame: which story is open. Its sections arrive with the story editor issue. */
export function StoryEditorPage(): JSX.Element {
  const { id } = useParams();
  const isNew = id === undefined || id === 'new';
  return (
    <main>
      <h1>Story editor</h1>
      <p>{isNew ? 'New story' : `Story ${id}`}</p>
      <p>The chapters, characters and settings sections are not available yet.</p>
      <Link to="../works">
        Back to My Story
      </Link>
    </main>
  );
}
