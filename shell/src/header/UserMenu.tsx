import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toastStore } from 'shared-kit';
import { logout } from '../session/service';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export const DELETE_ACCOUNT_PATH = '/account/delete';

/** The spec lists "logout failed" among the user messages; shared-kit has no constant for it. */
export const LOGOUT_FAILED = 'Logout failed';

/** The user-name button and its menu: Log out (with confirmation) and Delete account. */
export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: MouseEvent) {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target))
        setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  async function confirmLogout() {
    setBusy(true);
    try {
      await logout();
      setConfirming(false);
      navigate('/editor');
    } catch {
      toastStore.getState().show({ type: 'error', message: LOGOUT_FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="popover-anchor" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="button button--link user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {name}
        <span aria-hidden="true" className="user-menu__caret">
          ▾
        </span>
      </button>
      {open ? (
        <ul id={menuId} className="menu" role="menu" aria-label={name} onKeyDown={onMenuKeyDown}>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              Log out
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="menu__item menu__item--danger"
              onClick={() => {
                setOpen(false);
                navigate(DELETE_ACCOUNT_PATH);
              }}
            >
              Delete account
            </button>
          </li>
        </ul>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Log out?"
          busy={busy}
          onConfirm={() => void confirmLogout()}
          onCancel={() => setConfirming(false)}
        >
          <p>You will need to log in again to edit your stories.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
