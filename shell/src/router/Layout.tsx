import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Toaster } from 'ui-kit';
import { Header } from '../header/Header';
import { LeaveGuard } from '../leave-guard/LeaveGuard';
import { mobileRedirect } from '../platform/mobileRedirect';
import { useShellT } from '../i18n';
import { usePlatform } from '../platform/PlatformContext';
import { checkLogin } from '../session/service';
import { RegionNotice } from '../notices/RegionNotice';
import { PushBanner } from '../unread/pushBanner';
import { useUnreadSync } from '../unread/useUnreadSync';

/** Everything around the routed page: header, toasts, leave guard, the mobile rule and the login check. */
export function Layout() {
  const { t } = useShellT();
  const { pathname } = useLocation();
  const platform = usePlatform();
  const redirect = mobileRedirect(pathname, platform);

  useEffect(() => {
    void checkLogin();
  }, []);
  useUnreadSync();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <PushBanner />
      <RegionNotice />
      {/* The page's one main landmark, the skip link's target: every route renders inside it, so the shell's pages
          and the remotes' pages have a <div>, <section> or <article> root, never a <main> of their own. */}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* The mobile page is told where the phone came from, so it names what is made for a computer. */}
        {redirect && redirect !== pathname ? <Navigate to={redirect} replace state={{ from: pathname }} /> : <Outlet />}
      </main>
      <Toaster />
      <LeaveGuard />
    </>
  );
}
