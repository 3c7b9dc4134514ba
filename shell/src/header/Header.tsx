import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { HEADER_HEIGHT, StorageKey, storage, useSessionStore } from 'shared-kit';
import { Button, LanguageSwitcher, UnreadDot } from 'ui-kit';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useShellT } from '../i18n';
import { usePlatform } from '../platform/PlatformContext';
import { useInboxUnread } from '../unread/inbox';
import { useUnread } from '../unread/store';
import { FORBIDDEN_CREATE_PATH, HOME_PATH, INBOX_PATH, LOGIN_PATH, areaLinks } from './destinations';
import { GetAppPopover } from './GetAppPopover';
import { isMemberNow, UserMenu } from './UserMenu';

/** Below this width a signed-in header folds its links into the account menu (phones, narrow windows). */
export const COMPACT_HEADER_QUERY = '(max-width: 640px)';

/**
 * The product header (spec §2, issue 16): logo; the player's feed, My Story (with its unread dot) and, for
 * operators, Moderation; the language; then Log in / Get the app, or the account menu (Profile, Settings, Blocked
 * list, Log out, Delete account). On a narrow screen a signed-in user finds the links in that menu too.
 */
export function Header() {
  const { t } = useShellT();
  const { user, status } = useSessionStore();
  const platform = usePlatform();
  const unread = useUnread();
  const inboxUnread = useInboxUnread();
  const navigate = useNavigate();
  const location = useLocation();
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const signedIn = status === 'user' && user !== null;
  const links = areaLinks(signedIn ? user : null, platform);
  const foldLinks = signedIn && compact;

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
        to={user?.creation_forbidden ? FORBIDDEN_CREATE_PATH : HOME_PATH}
        className="app-header__logo"
        aria-label={t('header.home')}
      >
        <span aria-hidden="true" className="app-header__mark">
          ✦
        </span>
        <span className="app-header__name">{t('header.brand')}</span>
      </Link>
      {foldLinks ? null : (
        <nav className="app-header__links" aria-label={t('header.navLabel')}>
          {links.map((link) => (
            <NavLink key={link.key} to={link.to} className="app-header__link">
              {t(link.label)}
              {link.key === 'works' && unread ? (
                <UnreadDot className="app-header__dot" label={t('header.newUpdates')} />
              ) : null}
            </NavLink>
          ))}
        </nav>
      )}
      <div className="app-header__end">
        <LanguageSwitcher className="app-header__language" />
        {signedIn ? (
          <Link to={INBOX_PATH} className="app-header__inbox" aria-label={inboxUnread > 0 ? t('header.inboxUnread', { count: inboxUnread }) : t('header.inbox')}>
            <span aria-hidden="true">✉</span>
            {inboxUnread > 0 ? <UnreadDot className="app-header__dot" label={t('header.newNotices')} /> : null}
          </Link>
        ) : null}
        {signedIn ? (
          <UserMenu name={user.user_nick} areaLinks={foldLinks ? links : []} unread={unread} member={isMemberNow(user.vip_until)} />
        ) : null}
        {status === 'guest' ? (
          <>
            {platform === 'pc' ? <GetAppPopover /> : null}
            <Button variant="primary" onClick={logIn}>
              {t('header.logIn')}
            </Button>
          </>
        ) : null}
      </div>
    </header>
  );
}
