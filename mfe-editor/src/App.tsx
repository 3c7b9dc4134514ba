import { lazy, Suspense, type JSX } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import './editor.css';
import { BotEditorPage } from './pages/BotEditorPage';
import { StoryEditorPage } from './pages/StoryEditorPage';
import { WorksPage } from './pages/WorksPage';

/** The UI kit's component showcase: its own chunk, so it costs the editor's first render nothing. */
const ComponentShowcase = lazy(() => import('./showcase/ComponentShowcase'));
/** Templates, the gallery and the voice library: chunks of their own, fetched when their route opens. */
const TemplateEditorPage = lazy(() => import('./pages/templateRoutes').then((m) => ({ default: m.TemplateEditorPage })));
const GalleryPage = lazy(() => import('./pages/templateRoutes').then((m) => ({ default: m.GalleryPage })));
const GalleryTemplatePage = lazy(() => import('./pages/templateRoutes').then((m) => ({ default: m.GalleryTemplatePage })));
const VoicesPage = lazy(() => import('./pages/VoicesPage').then((m) => ({ default: m.VoicesPage })));
const CollectionsPage = lazy(() => import('./pages/collections/CollectionsPage').then((m) => ({ default: m.CollectionsPage })));
const CollectionEditorPage = lazy(() => import('./pages/collections/CollectionEditorPage').then((m) => ({ default: m.CollectionEditorPage })));

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
          <Route path="collections" element={<CollectionsPage />} />
          <Route path="collection/:id" element={<CollectionEditorPage />} />
          <Route path="demo/components" element={<ComponentShowcase />} />
          <Route path="*" element={<Navigate to="works" replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
