import type { JSX } from 'react';
import { Route, Routes } from 'react-router';
import { AccountPage } from './pages/AccountPage';

/** The account remote, mounted by the shell at `/account/*`. */
export default function App(): JSX.Element {
  return (
    <div data-remote="mfe_account">
      <Routes>
        <Route index element={<AccountPage />} />
        <Route path="*" element={<AccountPage />} />
      </Routes>
    </div>
  );
}
