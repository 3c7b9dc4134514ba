import mongoose from 'mongoose';
import {
  cloneLean,
  keysFromFilter,
  REVISION_MAX_AGE_MS,
  SESSION_FIELDS,
  SessionCache,
  USER_FIELDS,
  type CachedSession,
} from './sessionCache';

function entry(uid: string): CachedSession {
  const session = {
    _id: new mongoose.Types.ObjectId(),
    token_hash: `hash-${uid}`,
    uid,
    expires_at: new Date(10_000_000),
    last_seen_at: new Date(0),
  };
  const user = {
    _id: new mongoose.Types.ObjectId(),
    uid,
    ban: { status: 'normal', login_until: new Date(5) },
  };
  return { session, user } as unknown as CachedSession;
}

/** Reads `value` for `hash` through a ticket, as resolveToken does, and reports whether it was stored. */
function fill(cache: SessionCache, hash: string, value: CachedSession, now: number): boolean {
  return cache.endRead(cache.beginRead(), hash, value, now);
}

describe('SessionCache', () => {
  it('serves an entry younger than the maximum age and drops it at that age or when dated in the future', () => {
    const cache = new SessionCache(100);
    const value = entry('1');
    expect(fill(cache, 'h1', value, 1000)).toBe(true);
    expect(cache.get('h1', 1099)?.user.uid).toBe('1');
    expect(cache.get('h1', 1100)).toBeNull();
    expect(fill(cache, 'h1', value, 1000)).toBe(true);
    expect(cache.get('h1', 999)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('serves a caller that checks the revision past the maximum age, up to REVISION_MAX_AGE_MS', () => {
    const cache = new SessionCache(100);
    fill(cache, 'h1', entry('1'), 1000);
    expect(cache.get('h1', 1100)).toBeNull();
    expect(cache.get('h1', 1100, true)?.user.uid).toBe('1');
    expect(cache.get('h1', 1000 + REVISION_MAX_AGE_MS - 1, true)?.user.uid).toBe('1');
    expect(cache.get('h1', 1000 + REVISION_MAX_AGE_MS, true)).toBeNull();
    expect(cache.size).toBe(0);
    // An invalidation drops it for both kinds of caller.
    fill(cache, 'h2', entry('2'), 1000);
    cache.invalidate(['u:2']);
    expect(cache.get('h2', 1001, true)).toBeNull();
  });

  it('stores nothing when the maximum age is 0', () => {
    const cache = new SessionCache(0);
    expect(fill(cache, 'h1', entry('1'), 0)).toBe(false);
    expect(cache.get('h1', 0)).toBeNull();
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const cache = new SessionCache(1000, 2);
    fill(cache, 'a', entry('a'), 0);
    fill(cache, 'b', entry('b'), 0);
    cache.get('a', 1);
    fill(cache, 'c', entry('c'), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('a', 1)).not.toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
  });

  it('drops the entries a key names: uid, user _id, session _id, token hash', () => {
    const cache = new SessionCache(1000);
    const [a, b, c, d] = [entry('a'), entry('b'), entry('c'), entry('d')];
    for (const [hash, value] of [
      ['ha', a],
      ['hb', b],
      ['hc', c],
      ['hd', d],
    ] as const)
      fill(cache, hash, value, 0);
    const second = {
      ...a,
      session: { ...a.session, _id: new mongoose.Types.ObjectId() },
    } as unknown as CachedSession;
    fill(cache, 'ha2', second, 0);

    cache.invalidate(['u:a']);
    expect(cache.get('ha', 1)).toBeNull();
    expect(cache.get('ha2', 1)).toBeNull();
    cache.invalidate([`uo:${String(b.user._id)}`]);
    expect(cache.get('hb', 1)).toBeNull();
    cache.invalidate([`s:${String(c.session._id)}`]);
    expect(cache.get('hc', 1)).toBeNull();
    expect(cache.get('hd', 1)).not.toBeNull();
    cache.invalidate(['t:hd']);
    expect(cache.get('hd', 1)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('does not store a read that a write overlapped, but stores one that began after it', () => {
    const cache = new SessionCache(1000);
    const value = entry('1');
    const before = cache.beginRead();
    cache.invalidate([`uo:${String(value.user._id)}`]);
    const after = cache.beginRead();
    expect(cache.endRead(before, 'h1', value, 0)).toBe(false);
    expect(cache.endRead(after, 'h1', value, 0)).toBe(true);
    // A write naming someone else does not hold a read back.
    const unrelated = cache.beginRead();
    cache.invalidate(['u:someone-else']);
    expect(cache.endRead(unrelated, 'h2', entry('2'), 0)).toBe(true);
    // A full clear holds back every read in flight.
    const cleared = cache.beginRead();
    cache.invalidateAll();
    expect(cache.endRead(cleared, 'h3', entry('3'), 0)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('ends a ticket only once', () => {
    const cache = new SessionCache(1000);
    const ticket = cache.beginRead();
    expect(cache.endRead(ticket, 'h', entry('1'), 0)).toBe(true);
    expect(cache.endRead(ticket, 'h', entry('1'), 0)).toBe(false);
  });
});

describe('keysFromFilter', () => {
  const id = new mongoose.Types.ObjectId();
  it.each([
    [{ uid: '7' }, USER_FIELDS, ['u:7']],
    [{ _id: id, guest_turns: { $lt: 3 } }, USER_FIELDS, [`uo:${String(id)}`]],
    [{ uid: { $in: ['1', '2'] } }, USER_FIELDS, ['u:1', 'u:2']],
    [{ uid: { $eq: '3' } }, SESSION_FIELDS, ['u:3']],
    [{ token_hash: 'abc' }, SESSION_FIELDS, ['t:abc']],
    [{ _id: String(id) }, SESSION_FIELDS, [`s:${String(id)}`]],
  ])('pins %j', (filter, fields, keys) => {
    expect(keysFromFilter(filter, fields)).toEqual(keys);
  });

  it.each([[{ phone: '+1' }], [{ uid: { $ne: '1' } }], [{ $or: [{ uid: '1' }] }], [{}]])(
    'cannot pin %j',
    (filter) => {
      expect(keysFromFilter(filter, USER_FIELDS)).toBeNull();
    },
  );
});

describe('cloneLean', () => {
  it('copies objects, arrays and dates, and keeps ObjectIds', () => {
    const value = entry('1');
    const copy = cloneLean(value);
    expect(copy).toEqual(value);
    expect(copy.session.expires_at).not.toBe(value.session.expires_at);
    expect(copy.user.ban).not.toBe(value.user.ban);
    expect(copy.user._id).toBe(value.user._id);
  });
});
