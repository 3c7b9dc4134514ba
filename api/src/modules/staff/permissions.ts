import type { Middleware } from 'koa';
import { ErrorCode, OpsPermission, UserIdentity, UserRole } from 'shared-kit';
import { currentAccount } from '../../lib/auth';
import type { Account, AppState } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { accountNamed, User } from '../users';
import { writeAudit } from './audit.service';

export const OPS_PERMISSIONS = Object.values(OpsPermission);

/** What an account may do in the console: nothing without the operator role; admin holds every permission. */
export function permissionsOf(account: Pick<Account, 'roles' | 'permissions'>): OpsPermission[] {
  if (!account.roles.includes(UserRole.Operator)) return [];
  const held = (account.permissions ?? []).filter((p): p is OpsPermission => (OPS_PERMISSIONS as string[]).includes(p));
  return held.includes(OpsPermission.Admin) ? [...OPS_PERMISSIONS] : held;
}

/**
 * A signed-in operator holding `permission` (or admin): signed out or a guest 1007; without the operator role, or
 * without the permission, 1008 (`data.permission` names what was missing). `null`: any operator.
 */
export function requirePermission(permission: OpsPermission | null): Middleware<AppState> {
  return async (ctx, next) => {
    const account = currentAccount(ctx);
    if (account.identity !== UserIdentity.User) throw new AppError(ErrorCode.NeedLogin);
    if (!account.roles.includes(UserRole.Operator)) throw new AppError(ErrorCode.NoAccess);
    if (permission && !permissionsOf(account).includes(permission)) {
      throw new AppError(ErrorCode.NoAccess, 'Your operator account lacks this permission', { data: { permission } });
    }
    await next();
  };
}

interface OperatorRow {
  uid: string;
  nickname: string;
  username?: string | null;
  roles: string[];
  permissions?: string[];
}

function present(u: OperatorRow) {
  return {
    uid: u.uid,
    nickname: u.nickname,
    username: u.username ?? '',
    is_operator: u.roles.includes(UserRole.Operator),
    permissions: (u.permissions ?? []).filter((p) => (OPS_PERMISSIONS as string[]).includes(p)),
  };
}

const FIELDS = { uid: 1, nickname: 1, username: 1, roles: 1, permissions: 1 } as const;

/** Every account with the operator role, by nickname. */
export async function listOperators() {
  const rows = await User.find({ roles: UserRole.Operator }, FIELDS).sort({ nickname: 1 }).limit(500).lean<OperatorRow[]>();
  return { list: rows.map(present) };
}

/** The signed-in account named by its uid or its User ID (username, any case); 1020001 when there is none. */
async function findAccount(who: string): Promise<OperatorRow> {
  const u = await accountNamed(who, ['uid', 'nickname', 'username', 'roles', 'permissions']);
  if (!u) throw new AppError(ErrorCode.UserNotExist);
  return u;
}

/**
 * Grants or revokes one permission. A grant makes the account an operator; revoking the last permission takes the
 * operator role away. An admin cannot revoke their own admin (the console would lose its last key). Audited.
 */
export async function changePermission(adminUid: string, who: string, permission: OpsPermission, grant: boolean, reason: string, now: number) {
  const user = await findAccount(who);
  if (!grant && user.uid === adminUid && permission === OpsPermission.Admin) {
    throw new AppError(ErrorCode.IllegalOperation, 'You cannot revoke your own admin permission', { data: { reason: 'self' } });
  }
  const before = present(user);
  const held = new Set(before.permissions);
  if (grant) held.add(permission);
  else held.delete(permission);
  const permissions = OPS_PERMISSIONS.filter((p) => held.has(p));
  const roles = new Set(user.roles);
  if (permissions.length > 0) roles.add(UserRole.Operator);
  else roles.delete(UserRole.Operator);
  const updated = await User.findOneAndUpdate(
    { uid: user.uid },
    { $set: { permissions, roles: [...roles] } },
    { new: true, projection: FIELDS },
  ).lean<OperatorRow>();
  const after = present(updated!);
  await writeAudit({
    operator_uid: adminUid,
    action: grant ? 'permission.grant' : 'permission.revoke',
    target_type: 'user',
    target_id: user.uid,
    before: { is_operator: before.is_operator, permissions: before.permissions },
    after: { is_operator: after.is_operator, permissions: after.permissions },
    reason: reason || `${grant ? 'grant' : 'revoke'} ${permission}`,
    at: new Date(now),
  });
  return after;
}
