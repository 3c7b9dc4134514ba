import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastStore } from 'shared-kit';
import { Badge, ConfirmDialog, Menu, UnreadDot, type MenuItem } from 'ui-kit';
import { useShellT } from '../i18n';
import { logout } from '../session/service';
import { ACCOUNT_LINKS, DELETE_ACCOUNT_PATH, HOME_PATH, type Destination } from './destinations';

/** Whether a membership ending at `until` (ISO) is in force now. */
export function isMemberNow(until: string | undefined): boolean {
  return until !== undefined && Date.parse(until) > Date.now();
}

/**
 * The user-name button and its menu: the account's pages (Profile, Settings, Blocked list), Log out (after a
 * confirmation) and Delete account. `areaLinks` are the header's links, folded in here on narrow screens.
 */
export function UserMenu({
  name,
  areaLinks,
  unread,
  member = false,
}: {
  name: string;
  areaLinks: readonly Destination[];
  unread: boolean;
  /** A member: a badge beside the name (from the session's own account, no extra request). */
  member?: boolean;
}) {
  const { t } = useShellT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function confirmLogout() {
    setBusy(true);
    try {
      await logout();
      setConfirming(false);
      navigate(HOME_PATH);
    } catch {
      toastStore.getState().show({ type: 'error', message: t('header.logoutFailed') });
    } finally {
      setBusy(false);
    }
  }

  const go = (link: Destination): MenuItem => ({
    key: link.key,
    label: link.key === 'works' && unread ? t('header.myStoryUnread') : t(link.label),
    onSelect: () => navigate(link.to),
  });
  const items: MenuItem[] = [
    ...areaLinks.map(go),
    ...ACCOUNT_LINKS.map(go),
    { key: 'logout', label: t('header.logOut'), onSelect: () => setConfirming(true) },
    { key: 'delete', label: t('header.deleteAccount'), danger: true, onSelect: () => navigate(DELETE_ACCOUNT_PATH) },
  ];

  return (
    <>
      <Menu
        trigger={
          <>
            <span className="user-menu__name">{name}</span>
            {member ? (
              <Badge tone="success" className="user-menu__badge">
                {t('header.member')}
              </Badge>
            ) : null}
            {unread && areaLinks.some((link) => link.key === 'works') ? (
              <UnreadDot className="user-menu__dot" label={t('header.newUpdates')} />
            ) : null}
          </>
        }
        items={items}
      />
      {confirming ? (
        <ConfirmDialog
          title={t('header.logOutTitle')}
          busy={busy}
          initialFocus="confirm"
          onConfirm={() => void confirmLogout()}
          onCancel={() => setConfirming(false)}
        >
          {t('header.logOutText')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
