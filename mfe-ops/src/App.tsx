import type { JSX } from 'react';
import { Route, Routes } from 'react-router';
import { QueuePage } from './pages/QueuePage';

/** The moderation console remote, mounted by the shell at `/ops/*`. */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_ops">
      <Routes>
        <Route index element={<QueuePage />} />
        <Route path="*" element={<QueuePage />} />
      </Routes>
    </div>
  );
}
