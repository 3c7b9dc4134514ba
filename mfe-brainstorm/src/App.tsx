import type { JSX } from 'react';
import { Route, Routes } from 'react-router';
import { IdeaPage } from './pages/IdeaPage';

/** The brainstorm remote, mounted by the shell at `/editor/story-ai/*` (spec route `/editor/story-ai/:id?`). */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_brainstorm">
      <Routes>
        <Route index element={<IdeaPage />} />
        <Route path=":id" element={<IdeaPage />} />
      </Routes>
    </div>
  );
}
