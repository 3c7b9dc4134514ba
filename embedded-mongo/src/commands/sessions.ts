import { createHash } from 'node:crypto';
import { Binary, type Document } from 'bson';
import { fail } from '../errors';
import { isPlainObject } from '../query/values';
import type { CommandHandler } from './context';

/** Minutes a session stays known after its last use (hello's logicalSessionTimeoutMinutes). */
export const SESSION_TIMEOUT_MINUTES = 30;

/** Without authentication every session belongs to the same user, whose uid is the SHA-256 of an empty name. */
const NO_USER_UID = new Binary(createHash('sha256').update('').digest());

/** The logical sessions this server has seen (the `lsid` of commands), as `$listLocalSessions` reports them. */
export class SessionCache {
  private readonly sessions = new Map<string, { id: Binary; lastUse: Date }>();

  /** Records the session a command names, if it names one. */
  touch(lsid: unknown): void {
    if (!isPlainObject(lsid) || !(lsid.id instanceof Binary)) return;
    const key = Buffer.from(lsid.id.buffer).toString('hex');
    this.sessions.delete(key);
    this.sessions.set(key, { id: lsid.id, lastUse: new Date() });
    this.expire();
  }

  end(ids: unknown[]): void {
    for (const lsid of ids) if (isPlainObject(lsid) && lsid.id instanceof Binary) this.sessions.delete(Buffer.from(lsid.id.buffer).toString('hex'));
  }

  /** Oldest first: entries are kept in order of last use. */
  private expire(now = Date.now()): void {
    for (const [key, s] of this.sessions) {
      if (now - s.lastUse.getTime() < SESSION_TIMEOUT_MINUTES * 60_000) break;
      this.sessions.delete(key);
    }
  }

  /** The documents of `$listLocalSessions` for its argument (`{}`, `{ allUsers: true }` or `{ users: [...] }`). */
  list(spec: unknown): Document[] {
    if (!isPlainObject(spec)) fail('TypeMismatch', '$listLocalSessions requires an object argument');
    const users = spec.users;
    if (users !== undefined && !(Array.isArray(users) && users.length === 0)) return [];
    this.expire();
    return [...this.sessions.values()].map((s) => ({ _id: { id: s.id, uid: NO_USER_UID }, lastUse: s.lastUse }));
  }
}

export const sessionCommands: Record<string, CommandHandler> = {
  endSessions: (cmd, ctx) => {
    if (Array.isArray(cmd.endSessions)) ctx.sessions.end(cmd.endSessions);
    return { ok: 1 };
  },
};
