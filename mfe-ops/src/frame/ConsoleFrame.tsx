import { useEffect, useId, useState, type JSX, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { useHeld } from '../me';
import { visibleGroups } from './nav';
import { useWaiting } from './useWaiting';

/**
 * The console's frame: a side navigation grouped by work (queues, people, content, insight) showing only what the
 * operator may open, the current page marked, the queues' waiting counts as live badges; below 1024 px it folds
 * behind a menu button. The page goes beside it.
 */
export function ConsoleFrame({ children }: { children: ReactNode }): JSX.Element {
  const { t } = useOpsT();
  const base = useBase();
  const held = useHeld();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const groups = visibleGroups(held);
  const waiting = useWaiting(held !== null && held.length > 0);

  // A link followed on a narrow window folds the menu again.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className={open ? 'ops-console ops-console--open' : 'ops-console'}>
      <div className="ops-side">
        <button
          type="button"
          className="ops-side__toggle ui-button"
          aria-expanded={open}
          aria-controls={`${id}-nav`}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> {t('frame.menu')}
        </button>
        <nav id={`${id}-nav`} className="ops-nav" aria-label={t('nav.label')}>
          {groups.map((g) => (
            <div key={g.id} className="ops-nav__group">
              <p className="ops-nav__title" id={`${id}-${g.id}`}>
                {t(`frame.groups.${g.id}`)}
              </p>
              <ul aria-labelledby={`${id}-${g.id}`}>
                {g.items.map((item) => {
                  const count = item.queue ? waiting[item.queue] : undefined;
                  return (
                    <li key={item.path}>
                      <NavLink className="ops-nav__link" to={under(base, item.path)} end={item.end}>
                        <span className="ops-nav__label">{t(item.label as 'nav.queue')}</span>
                        {count !== undefined && count > 0 && (
                          <>
                            {' '}
                            <span className="ops-nav__badge" data-testid={`waiting-${item.queue}`}>
                              {count}
                              <span className="ui-visually-hidden"> {t('frame.waiting')}</span>
                            </span>
                          </>
                        )}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="ops-main">{children}</div>
    </div>
  );
}
