import type { AppContext } from '../../lib/context';
import type { UiLanguage } from '../../lib/language';
import { Session } from '../passport';
import { revokeAllSessions, revokeSession } from '../passport';
import { PhoneFailure, SmsCode } from '../passport';
import { Block } from '../users';
import { onUserDeleted } from '../users';
import type { UserDoc } from '../users';

export interface DeletionItem {
  name: string;
  count: number;
}

/** The confirmation screen's notice, in the language the app is read in. Spec §1: an account shared with sibling apps is deleted together with them; ours stands alone. */
const NOTICE: Record<UiLanguage, string> = {
  en: 'Your profile, sign-in sessions, block list and all your content are deleted permanently.',
  zh: '你的个人资料、登录会话、屏蔽列表和你的全部内容都将被永久删除。',
};

/** What `log_off` would delete, with counts, for the confirmation screen. */
export async function checkLogOff(user: UserDoc, language: UiLanguage = 'en') {
  const items: DeletionItem[] = [
    { name: 'sessions', count: await Session.countDocuments({ uid: user.uid }) },
    { name: 'blocks', count: await Block.countDocuments({ uid: user.uid }) },
  ];
  for (const hook of onUserDeleted) items.push({ name: hook.name, count: await hook.count(user.uid) });
  return {
    uid: user.uid,
    items,
    notice: NOTICE[language],
  };
}

/**
 * Deletes the account and everything it owns: content through the registered hooks first (so a failure leaves
 * the account in place to retry), then blocks, codes, sessions and the account itself.
 */
export async function logOff(ctx: AppContext, user: UserDoc) {
  for (const hook of onUserDeleted) await hook.remove(user.uid);
  await Block.deleteMany({ $or: [{ uid: user.uid }, { blocked_uid: user.uid }] });
  if (user.phone) {
    await SmsCode.deleteMany({ phone: user.phone });
    await PhoneFailure.deleteMany({ phone: user.phone });
  }
  await revokeSession(ctx);
  await revokeAllSessions(user.uid);
  await user.deleteOne();
  ctx.state.log.info({ uid: user.uid }, 'account deleted');
  return { deleted: true };
}
