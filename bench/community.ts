// Community lists at scale: `npx tsx bench/community.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder. A creator publishes two stories;
// one gets 100 comments, the other 100,000 (bulk inserts through the comment model, keys as `comment/post` writes
// them, a like count on each so "top" has an order). Two people get 100 and 100,000 followers the same way. A
// signed-in viewer then calls, taking turns call by call so the machine's busy moments fall on every size alike:
//   - `comment/list` newest first, first page of 20, and the page after it (with the cursor);
//   - `comment/list` sort=top, first page;
//   - `follow_list` type=followers, first page of 20, and the page after it.
// Target (issue 18): each call at 100,000 rows within 1.5x of the same call at 100 rows, at p50. Figures are ms.
import { CommentStatus } from 'shared-kit';
import { Comment } from '../api/src/modules/comment/comment.model';
import { keysFor } from '../api/src/modules/comment/comment.service';
import { Follow } from '../api/src/modules/community/follow.model';
import { newestById, sequentialId, sortKey } from '../api/src/lib/keys';
import { StoryStats, UserStats } from '../api/src/modules/community/stats.model';
import { signInByPhone, startTestApi, type CookieClient } from '../api/test/helpers';
import { ADULT, publishStory } from '../api/test/support/playStories';

const SIZES = [100, 100_000];
const CALLS = 100;
const WARMUP = 10;
const RATIO_TARGET = 1.5;

function p50(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(s.length / 2) - 1)] ?? NaN;
}

async function insertAll<T>(docs: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) await insert(docs.slice(i, i + 1000));
}

async function seedComments(storyId: string, n: number, authorUid: string): Promise<void> {
  const start = Date.now() - n * 1000;
  const docs = Array.from({ length: n }, (_, i) => {
    const comment_id = sequentialId(start + i * 1000);
    const like_count = (i * 7919) % 1000;
    return {
      comment_id,
      story_id: storyId,
      uid: authorUid,
      text: `Comment ${i}: the lamp burns on over the dark water.`,
      root_id: '',
      parent_id: '',
      reply_to_uid: '',
      status: CommentStatus.AllVisible,
      like_count,
      reply_count: 0,
      created_at: new Date(start + i * 1000),
      ...keysFor({ story_id: storyId, root_id: '', comment_id, like_count }),
    };
  });
  await insertAll(docs, (b) => Comment.insertMany(b, { ordered: false }));
  await StoryStats.updateOne({ story_id: storyId }, { $set: { comment_count: n } }, { upsert: true });
}

async function seedFollowers(targetUid: string, n: number): Promise<void> {
  const start = Date.now() - n * 1000;
  const docs = Array.from({ length: n }, (_, i) => {
    const uid = `9${String(i).padStart(12, '0')}${targetUid.slice(-4)}`;
    const id = newestById(sequentialId(start + i * 1000));
    return { uid, target_uid: targetUid, follower_key: sortKey(targetUid, id, uid), following_key: sortKey(uid, id, targetUid), created_at: new Date(start + i * 1000) };
  });
  await insertAll(docs, (b) => Follow.insertMany(b, { ordered: false }));
  await UserStats.updateOne({ uid: targetUid }, { $set: { follower_count: n } }, { upsert: true });
}

async function uidOf(client: CookieClient): Promise<string> {
  return (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
}

async function main(): Promise<void> {
  const api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', LOG_LEVEL: 'warn' } });
  let failed = false;
  try {
    const creator = await signInByPhone(api.baseUrl, '+12025559001', ADULT);
    const viewer = await signInByPhone(api.baseUrl, '+12025559002', ADULT);
    const stories: Record<number, string> = {};
    const people: Record<number, string> = {};
    for (const [i, size] of SIZES.entries()) {
      stories[size] = (await publishStory(api.baseUrl, { story_name: `Bench ${size}` }, creator)).storyId;
      people[size] = await uidOf(await signInByPhone(api.baseUrl, `+1202555910${i}`, ADULT));
      const t0 = Date.now();
      await seedComments(stories[size]!, size, await uidOf(creator));
      await seedFollowers(people[size]!, size);
      console.log(`seeded ${size} comments and ${size} followers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }

    type Case = { name: string; path: (size: number, cursor: string) => string; paged: boolean };
    const cases: Case[] = [
      { name: 'comment/list newest', path: (s, c) => `/api/interact/comment/list?story_id=${stories[s]}&count=20&cursor=${encodeURIComponent(c)}`, paged: true },
      { name: 'comment/list top', path: (s) => `/api/interact/comment/list?story_id=${stories[s]}&sort=top&count=20`, paged: false },
      { name: 'follow_list followers', path: (s, c) => `/api/interact/user/follow_list?uid=${people[s]}&type=followers&count=20&cursor=${encodeURIComponent(c)}`, paged: true },
    ];
    const cursors: Record<string, string> = {};
    for (const c of cases) {
      for (const size of SIZES) {
        const res = await viewer.call<{ list: unknown[]; cursor: string }>(c.path(size, ''));
        if (res.body.status_code !== 0 || res.body.data!.list.length !== 20) throw new Error(`${c.name} at ${size}: ${JSON.stringify(res.body).slice(0, 300)}`);
        cursors[`${c.name}|${size}`] = res.body.data!.cursor;
      }
    }
    const times: Record<string, number[]> = {};
    const variants = cases.flatMap((c) => [{ c, page: 1 }, ...(c.paged ? [{ c, page: 2 }] : [])]);
    for (let i = 0; i < WARMUP + CALLS; i += 1) {
      for (const { c, page } of variants) {
        for (const size of SIZES) {
          const path = c.path(size, page === 2 ? cursors[`${c.name}|${size}`]! : '');
          const t = performance.now();
          const res = await viewer.call(path);
          const ms = performance.now() - t;
          if (res.body.status_code !== 0) throw new Error(`${c.name}: ${JSON.stringify(res.body).slice(0, 200)}`);
          if (i >= WARMUP) (times[`${c.name} page ${page}|${size}`] ??= []).push(ms);
        }
      }
    }
    for (const { c, page } of variants) {
      const label = `${c.name} page ${page}`;
      const small = p50(times[`${label}|${SIZES[0]}`]!);
      const big = p50(times[`${label}|${SIZES[1]}`]!);
      const ratio = big / small;
      const ok = ratio <= RATIO_TARGET;
      if (!ok) failed = true;
      console.log(`${label}: p50 ${small.toFixed(2)} ms at ${SIZES[0]} rows, ${big.toFixed(2)} ms at ${SIZES[1]} rows: ${ratio.toFixed(2)}x (<= ${RATIO_TARGET}x) ${ok ? 'PASS' : 'FAIL'} (n=${CALLS})`);
    }
  } finally {
    await api.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
