import { signInByPhone, startTestApi, type CookieClient, type TestApi } from '../helpers';
import { ADULT, nextPhone } from './playStories';

export interface TwoCreators {
  api: TestApi;
  owner: CookieClient;
  ownerUid: string;
  /** Someone else, to check what is the owner's stays theirs. */
  other: CookieClient;
  otherUid: string;
}

/**
 * Starts the api before a file's (or a describe's) tests with two adult creators signed in, and stops it after them.
 * The fields are set once the tests run: read them inside a test or a hook, never at the file's top level.
 */
export function useTwoCreators(): TwoCreators {
  const ctx = {} as TwoCreators;
  const uidOf = async (client: CookieClient) =>
    (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  beforeAll(async () => {
    ctx.api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    ctx.owner = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    ctx.other = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    ctx.ownerUid = await uidOf(ctx.owner);
    ctx.otherUid = await uidOf(ctx.other);
  });
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}
