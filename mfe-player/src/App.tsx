import type { JSX } from 'react';
import { Route, Routes } from 'react-router';
import { FeedPage } from './pages/FeedPage';

/** The player remote, mounted by the shell at `/play/*`. */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_player">
      <Routes>
        <Route index element={<FeedPage />} />
        <Route path="*" element={<FeedPage />} />
      </Routes>
    </div>
  );
}
