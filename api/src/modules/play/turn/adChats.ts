import { ChatQuota, utcDay } from './limits';

/**
 * A rewarded ad's extra chats for the day (the commerce module's ads): the day's allowance grows by `n` (`extra`) and
 * the count the send path checks goes down by `n`, so the next `n` sends go through; `used` still counts sends.
 */
export async function addChatsToday(uid: string, n: number, now: number): Promise<void> {
  await ChatQuota.updateOne({ uid, day: utcDay(now) }, { $inc: { count: -n, extra: n } }, { upsert: true });
}

/** Counts `n` sends today without sending (development: brings a browser test to the limit quickly). */
export async function spendChatsToday(uid: string, n: number, now: number): Promise<void> {
  await ChatQuota.updateOne({ uid, day: utcDay(now) }, { $inc: { count: n, sent: n } }, { upsert: true });
}
