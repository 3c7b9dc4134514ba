import { createContext, useContext, useEffect, useState, type JSX, type ReactNode } from 'react';
import type { OpsPermission } from 'shared-kit';
import { fetchMe } from './services/moderation.service';

/** The permissions of the signed-in operator, or null while they load (or could not be read). */
const PermissionsContext = createContext<readonly string[] | null>(null);

export function PermissionsProvider({ children }: { children: ReactNode }): JSX.Element {
  const [held, setHeld] = useState<readonly string[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchMe().then(
      (me) => live && setHeld(me.permissions),
      () => live && setHeld([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return <PermissionsContext.Provider value={held}>{children}</PermissionsContext.Provider>;
}

/** Whether the operator holds `permission`; undefined while unknown. */
export function useCan(permission: OpsPermission): boolean | undefined {
  const held = useContext(PermissionsContext);
  return held === null ? undefined : held.includes(permission);
}

/** Every permission the operator holds; null while they load. */
export function useHeld(): readonly string[] | null {
  return useContext(PermissionsContext);
}
