import { lazy, Suspense, type JSX } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import './editor.css';
import { BotEditorPage } from './pages/BotEditorPage';
import { GalleryPage } from './pages/GalleryPage';
import { GalleryTemplatePage } from './pages/GalleryTemplatePage';
import { TemplateEditorPage } from './pages/TemplateEditorPage';
import './pages/template.css';
import { StoryEditorPage } from './pages/StoryEditorPage';
import { WorksPage } from './pages/WorksPage';
import { VoicesPage } from './pages/VoicesPage';

/** The UI kit's living catalogue: its own chunk, so it costs the editor's first render nothing. */
const ComponentCatalogue = lazy(() => import('./catalogue/ComponentCatalogue'));

/** The editor remote: route paths are relative to where the shell mounts it (`/editor/*`). */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_editor" className="editor">
      {/* The editor's copy is fetched for the language in use on first render. */}
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<Navigate to="works" replace />} />
          <Route path="works" element={<WorksPage />} />
          <Route path="story/:id?" element={<StoryEditorPage />} />
          <Route path="template/:id?" element={<TemplateEditorPage />} />
          <Route path="bot" element={<BotEditorPage />} />
          <Route path="bot/:id" element={<BotEditorPage />} />
          <Route path="gallery" element={<GalleryPage />} />
          <Route path="gallery/:id" element={<GalleryTemplatePage mode="detail" />} />
          <Route path="gallery/:id/use" element={<GalleryTemplatePage mode="use" />} />
          <Route path="voices" element={<VoicesPage />} />
          <Route path="demo/components" element={<ComponentCatalogue />} />
          <Route path="*" element={<Navigate to="works" replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
