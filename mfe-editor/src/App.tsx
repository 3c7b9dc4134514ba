import { lazy, Suspense, type JSX } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import './editor.css';
import { BotEditorPage } from './pages/BotEditorPage';
import { PlannedPage } from './pages/PlannedPage';
import { StoryEditorPage } from './pages/StoryEditorPage';
import { WorksPage } from './pages/WorksPage';

/** The UI kit's living catalogue: its own chunk, so it costs the editor's first render nothing. */
const ComponentCatalogue = lazy(() => import('./catalogue/ComponentCatalogue'));

/** The editor remote: route paths are relative to where the shell mounts it (`/editor/*`). */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_editor" className="ed">
      <Routes>
        <Route index element={<Navigate to="works" replace />} />
        <Route path="works" element={<WorksPage />} />
        <Route path="story/:id?" element={<StoryEditorPage />} />
        <Route path="template/:id?" element={<PlannedPage title="Template editor" what="templates with fillable fields" />} />
        <Route path="bot" element={<BotEditorPage />} />
        <Route path="bot/:id" element={<BotEditorPage />} />
        <Route path="gallery" element={<PlannedPage title="Gallery" what="templates to start a story from" />} />
        <Route
          path="demo/components"
          element={
            <Suspense fallback={<Spinner />}>
              <ComponentCatalogue />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="works" replace />} />
      </Routes>
    </div>
  );
}
