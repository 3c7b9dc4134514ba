import { OpsPermission, TeenMode, UserIdentity, UserRole } from 'shared-kit';
import mongoose from 'mongoose';
import type { Logger } from '../lib/logger';
import { User } from '../modules/users/user.model';
import { createUser } from '../modules/users/user.service';

/**
 * Demo accounts for a fresh install. Sign in as either with the phone number; the code arrives in the outbox
 * (`GET /api/dev/sms_outbox?phone=...` and the server log) like any other. 555-01xx numbers are reserved for
 * fiction, so they never reach a real person.
 */
export const DEMO_ACCOUNTS = [
  { phone: '+12025550100', nickname: 'Operator', username: 'operator', roles: [UserRole.User, UserRole.Operator], permissions: [OpsPermission.Admin] },
  { phone: '+12025550101', nickname: 'Demo Creator', username: 'demo_creator', roles: [UserRole.User], permissions: [] },
] as const;

/** Creates the demo accounts that are missing; existing ones (and their edits) are left alone. */
export async function seedAccounts(logger: Logger, now: number = Date.now()): Promise<number> {
  let created = 0;
  for (const demo of DEMO_ACCOUNTS) {
    // An install from before operator permissions: its demo accounts get theirs once.
    await User.updateOne({ phone: demo.phone, permissions: mongoose.trusted({ $exists: false }) }, { $set: { permissions: [...demo.permissions] } });
    if (await User.exists({ phone: demo.phone })) continue;
    if (await User.exists({ username_key: demo.username })) continue;
    const user = await createUser(
      { identity: UserIdentity.User, phone: demo.phone, nickname: demo.nickname, username: demo.username, roles: [...demo.roles] },
      now,
    );
    user.permissions = [...demo.permissions];
    user.is_adult = true;
    user.teen_mode = TeenMode.Disable;
    user.agreed_terms_at = new Date(now);
    await user.save();
    created += 1;
    logger.info({ uid: user.uid, username: demo.username }, 'demo account created');
  }
  return created;
}
