import { io as connect, type Socket } from 'socket.io-client';
import { BanStatus } from 'shared-kit';
import { uidFromCookieHeader } from '../../src/modules/passport/session.service';
import { User } from '../../src/modules/users/user.model';
import type { Push } from '../../src/realtime';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from '../helpers';
import { ADULT, nextPhone, publishStory } from './playStories';

export { nextPhone, publishStory };

/** The api with sockets resolved from the session cookie, as in production. */
export function startCommunityApi(): Promise<TestApi> {
  return startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '1' },
    resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
  });
}

export interface CommunityStory {
  api: TestApi;
  /** The creator of `storyId`. */
  owner: Person;
  /** A published story. */
  storyId: string;
}

/**
 * Starts the community api before a file's tests, with one person's published story (`story` changes its fields),
 * and stops it after them. The fields are set once the tests run: read them inside a test or a hook.
 */
export function useCommunityStory(story: Parameters<typeof publishStory>[1] = {}): CommunityStory {
  const ctx = {} as CommunityStory;
  beforeAll(async () => {
    ctx.api = await startCommunityApi();
    ctx.owner = await person(ctx.api);
    ({ storyId: ctx.storyId } = await publishStory(ctx.api.baseUrl, story, ctx.owner.client));
  }, 60_000);
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}

export interface Person {
  client: CookieClient;
  uid: string;
}

/** A signed-in adult who went through the first-sign-in confirmation. */
export async function person(api: TestApi): Promise<Person> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const me = await client.call<{ uid: string }>('/api/tyler/user/detail');
  return { client, uid: me.body.data!.uid };
}

/** A signed-in account in youth mode. */
export async function youth(api: TestApi): Promise<Person> {
  const p = await person(api);
  const res = await p.client.post('/api/tyler/user/teen_mode', { enable: true });
  if (res.body.status_code !== 0) throw new Error(`teen_mode: ${JSON.stringify(res.body)}`);
  return p;
}

/** A signed-in account under a creation ban (suspended: no creating, editing or commenting). */
export async function suspended(api: TestApi): Promise<Person> {
  const p = await person(api);
  await User.updateOne(
    { uid: p.uid },
    { $set: { ban: { status: BanStatus.Banned, creation_until: new Date(Date.now() + 86_400_000) } } },
  );
  return p;
}

/** A guest session (identity Tour). */
export async function guest(api: TestApi): Promise<CookieClient> {
  const client = new CookieClient(api.baseUrl);
  const made = await client.post('/api/passport/guest');
  if (made.body.status_code !== 0) throw new Error(`guest: ${JSON.stringify(made.body)}`);
  return client;
}

/** A socket signed in with the client's session cookie, collecting its pushes. */
export function openSocket(api: TestApi, client: CookieClient): Promise<{ socket: Socket; pushes: Push[] }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = connect(api.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  const pushes: Push[] = [];
  socket.on('push', (p: Push) => pushes.push(p));
  return new Promise((resolve, reject) => {
    socket.once('ready', () => resolve({ socket, pushes }));
    socket.once('connect_error', reject);
  });
}

/** Waits until `pushes` holds one matching `match`, or fails after 3 s. */
export async function pushArrives(pushes: Push[], match: (p: Push) => boolean): Promise<Push> {
  const started = Date.now();
  for (;;) {
    const found = pushes.find(match);
    if (found) return found;
    if (Date.now() - started > 3000) throw new Error(`no matching push among ${JSON.stringify(pushes)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Values that are not strings where strings are expected, including query operators. */
export const HOSTILE_IDS: unknown[] = [['1'], { $ne: null }, { $gt: '' }, 12, null, true, '', 'x'.repeat(65), 'not-an-id!'];
