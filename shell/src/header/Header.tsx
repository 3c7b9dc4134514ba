import { useLocation, useNavigate, Link } from 'react-router';
import { HEADER_HEIGHT, StorageKey, storage, useSessionStore } from 'shared-kit';
import { usePlatform } from '../platform/PlatformContext';
import { useUnread } from '../unread/store';
import { GetAppPopover } from './GetAppPopover';
import { UserMenu } from './UserMenu';

export const HOME_PATH = '/editor';
export const FORBIDDEN_CREATE_PATH = '/editor/forbidden-create';
export const WORKS_PATH = '/editor/works';
export const LOGIN_PATH = '/login';

/** The product header (spec §2): logo, and either Log in / Get the app or My Story / the user menu. */
export function Header() {
  const { user, status } = useSessionStore();
  const platform = usePlatform();
  const unread = useUnread();
  const navigate = useNavigate();
  const location = useLocation();
  const creationForbidden = user?.creation_forbidden === true;
  const isMobile = platform === 'mobile';

  function logIn() {
    // Come back here after logging in (the auth callback reads it).
    if (!location.pathname.startsWith(LOGIN_PATH)) {
      storage.set(StorageKey.LoginRedirect, `${location.pathname}${location.search}${location.hash}`);
    }
    navigate(LOGIN_PATH);
  }

  return (
    <header className="app-header" style={{ height: HEADER_HEIGHT }}>
      <Link
        to={creationForbidden ? FORBIDDEN_CREATE_PATH : HOME_PATH}
        className="app-header__logo"
        aria-label="Storyverse home"
      >
        <span aria-hidden="true" className="app-header__mark">
          ✦
        </span>
        <span className="app-header__name">Storyverse</span>
      </Link>
      <nav className="app-header__nav" aria-label="Account">
        {status === 'user' && user ? (
          <>
            {!isMobile && !creationForbidden ? (
              <Link to={WORKS_PATH} className="app-header__link">
                My Story
                {unread ? <span className="unread-dot" role="img" aria-label="New updates" /> : null}
              </Link>
            ) : null}
            <UserMenu name={user.user_nick} />
          </>
        ) : null}
        {status === 'guest' ? (
          <>
            {platform === 'pc' ? <GetAppPopover /> : null}
            <button type="button" className="button button--primary" onClick={logIn}>
              Log in
            </button>
          </>
        ) : null}
      </nav>
    </header>
  );
}
