import { Suspense, type JSX } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { Spinner } from 'ui-kit';
import { AccountGate } from './components/AccountGate';
import { BaseContext } from './components/paths';
import { BlockedPage } from './pages/BlockedPage';
import { DeleteAccountPage } from './pages/DeleteAccountPage';
import { EditProfilePage } from './pages/EditProfilePage';
import { GuidelinesPage } from './pages/GuidelinesPage';
import { InboxPage } from './pages/InboxPage';
import { MembershipPage } from './pages/MembershipPage';
import { NotFound } from './pages/NotFound';
import { ProfilePage } from './pages/ProfilePage';
import { MyReportsPage } from './pages/MyReportsPage';
import { SettingsPage } from './pages/SettingsPage';
import { YouthModePage } from './pages/YouthModePage';
import { VerifyPage } from './pages/identity/VerifyPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { WeeklyReportPage } from './pages/WeeklyReportPage';
import './account.css';
import './weekly.css';

/**
 * Where the shell mounted this remote (`/account` for its `/account/*` route): the location minus the splat. On the
 * remote's own page there is no parent route, and its router's `/account` basename makes the base `/`.
 */
function useMountPath(): string {
  const { pathname } = useLocation();
  const splat = useParams()['*'];
  if (splat === undefined) return '/';
  const base = pathname.slice(0, pathname.length - splat.length).replace(/\/+$/, '');
  return base || '/';
}

/** The account remote, mounted by the shell at `/account/*`; its routes are relative to that mount. */
export default function App(): JSX.Element {
  const base = useMountPath();
  return (
    <BaseContext.Provider value={base}>
      <div data-remote="mfe_account" className="acct">
        {/* The account's copy is fetched for the language in use on first render. */}
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<AccountGate><ProfilePage /></AccountGate>} />
            <Route path="edit" element={<AccountGate><EditProfilePage /></AccountGate>} />
            <Route path="settings" element={<AccountGate><SettingsPage /></AccountGate>} />
            <Route path="blocked" element={<AccountGate><BlockedPage /></AccountGate>} />
            <Route path="inbox" element={<AccountGate><InboxPage /></AccountGate>} />
            <Route path="membership" element={<AccountGate><MembershipPage /></AccountGate>} />
            <Route path="reports" element={<AccountGate><MyReportsPage /></AccountGate>} />
            <Route path="feedback" element={<AccountGate><FeedbackPage /></AccountGate>} />
            <Route path="weekly/:week?" element={<AccountGate><WeeklyReportPage /></AccountGate>} />
            <Route path="youth-mode" element={<AccountGate><YouthModePage /></AccountGate>} />
            <Route path="verify" element={<AccountGate><VerifyPage /></AccountGate>} />
            <Route path="delete" element={<AccountGate><DeleteAccountPage /></AccountGate>} />
            <Route path="guidelines" element={<GuidelinesPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </div>
    </BaseContext.Provider>
  );
}
