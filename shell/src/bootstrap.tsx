import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { capturePrerenderedPage } from 'ui-kit';
import { App } from './App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into');

// Before the first render replaces it: the server's first screen of a public page, shown while its remote loads.
capturePrerenderedPage();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
