import { ChatQuota, utcDay } from './limits';

/**
 * A rewarded ad's extra chats for the day (the commerce module's ads): the day's count goes down by `n`, so the
 * limit the send path checks is unchanged and the next `n` sends go through.
 */
export async function addChatsToday(uid: string, n: number, now: number): Promise<void> {
  await ChatQuota.updateOne({ uid, day: utcDay(now) }, { $inc: { count: -n } }, { upsert: true });
}
