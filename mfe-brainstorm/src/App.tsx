import { Suspense, type JSX } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import './i18n';
import { BrainstormPage } from './pages/BrainstormPage';
import './brainstorm.css';

/** The brainstorm remote, mounted by the shell at `/editor/story-ai/*` (spec route `/editor/story-ai/:id?`). */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_brainstorm" className="bs">
      {/* The brainstorm's copy is fetched for the language in use on first render. */}
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<BrainstormPage />} />
          <Route path=":id" element={<BrainstormPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
