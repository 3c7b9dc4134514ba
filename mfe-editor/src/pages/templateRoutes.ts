// The template pages, loaded together on demand by App.tsx (one chunk with their styles).
import './template.css';

export { GalleryPage } from './GalleryPage';
export { GalleryTemplatePage } from './GalleryTemplatePage';
export { TemplateEditorPage } from './TemplateEditorPage';
