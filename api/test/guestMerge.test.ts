import { DialogueType, ErrorCode } from 'shared-kit';
import { mergeGuestInto } from '../src/modules/users/guestMerge';
import { Play } from '../src/modules/play/play.model';
import { User } from '../src/modules/users/user.model';
import { CookieClient, outboxCode, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Dlg, type Sent, type Started } from './support/playStories';

interface Played {
  stories: Array<{ story_id: string; play_id: string; turns: number }>;
}

describe('a guest who signs in keeps the plays', () => {
  let api: TestApi;
  let sid: string;
  let otherSid: string;
  // The code for a number can be asked for again after 60 s: each sign-in moves the clock on.
  let t = Date.UTC(2030, 0, 1, 12, 0, 0);
  const clock = () => t + (Date.now() - started);
  const started = Date.now();

  beforeAll(async () => {
    api = await startTestApi({
      clock,
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0', GUEST_CHAT_TURNS: '2' },
    });
    ({ storyId: sid } = await publishStory(api.baseUrl));
    ({ storyId: otherSid } = await publishStory(api.baseUrl, { story_name: 'Another tale' }));
  }, 60_000);
  afterAll(async () => {
    await api.stop();
  });

  async function turn(client: CookieClient, playId: string, message: string) {
    const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    if (res.body.status_code === 0)
      await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
    return res;
  }

  async function startPlay(client: CookieClient, storyId: string, isNew = false): Promise<Started> {
    const res = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: isNew });
    expect(res.body.status_code).toBe(0);
    return res.body.data!;
  }

  /** A guest who plays `sid` up to the guest wall: two turns, the third refused with need_login. */
  async function guestAtTheWall(): Promise<{ guest: CookieClient; guestUid: string; playId: string }> {
    const guest = new CookieClient(api.baseUrl);
    const made = await guest.post<{ user: { uid: string } }>('/api/passport/guest');
    const guestUid = made.body.data!.user.uid;
    const playId = (await startPlay(guest, sid)).play_info.play_id;
    expect((await turn(guest, playId, 'Hello there.')).body.status_code).toBe(0);
    expect((await turn(guest, playId, 'Who keeps this lamp?')).body.status_code).toBe(0);
    const refused = await turn(guest, playId, 'And then?');
    expect(refused.body).toMatchObject({ status_code: ErrorCode.MessageLimitReached, data: { need_login: true } });
    return { guest, guestUid, playId };
  }

  /** Phone sign-in on the guest's own client (its cookie goes with the login). */
  async function signInAs(client: CookieClient, phone: string): Promise<{ uid: string; is_new: boolean }> {
    t += 61_000;
    expect((await client.post('/api/passport/sms/send', { phone })).body.status_code).toBe(0);
    const code = await outboxCode(api.baseUrl, phone);
    const login = await client.post<{ is_new: boolean; user: { uid: string } }>('/api/passport/sms/login', { phone, code });
    expect(login.body.status_code).toBe(0);
    return { uid: login.body.data!.user.uid, is_new: login.body.data!.is_new };
  }

  const inputsOf = (dialogues: Dlg[]) => dialogues.filter((d) => d.type === DialogueType.Input).map((d) => d.content);

  it('into a new account: the same play, every turn kept, and the next turn goes through', async () => {
    const { guest, guestUid, playId } = await guestAtTheWall();
    const before = await guest.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`);

    const account = await signInAs(guest, nextPhone());
    expect(account.is_new).toBe(true);
    expect(account.uid).not.toBe(guestUid);
    expect((await guest.post('/api/tyler/user/log_in_confirm', ADULT.confirm)).body.status_code).toBe(0);

    const resumed = await startPlay(guest, sid);
    expect(resumed.play_info.play_id).toBe(playId);
    const after = await guest.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`);
    expect(after.body.data!.dialogues).toEqual(before.body.data!.dialogues);
    expect(inputsOf(after.body.data!.dialogues)).toEqual(['Hello there.', 'Who keeps this lamp?']);

    const next = await turn(guest, playId, 'And then?');
    expect(next.body.status_code).toBe(0);
    expect(next.body.data!.send_limit).toMatchObject({ status: 'Normal', used: 1 });
    const played = await guest.call<Played>('/api/tyler/played_story');
    expect(played.body.data!.stories).toEqual([expect.objectContaining({ story_id: sid, play_id: playId, turns: 3 })]);

    // The guest account is gone, and nothing of it is left behind.
    expect(await User.countDocuments({ uid: guestUid })).toBe(0);
    expect(await Play.countDocuments({ uid: guestUid })).toBe(0);
  }, 60_000);

  it('into an existing account that played the same story: both plays kept, the guest one resumed', async () => {
    const phone = nextPhone();
    const owner = await signInByPhone(api.baseUrl, phone, ADULT);
    const own = (await startPlay(owner, sid)).play_info.play_id;
    expect((await turn(owner, own, 'My own first words.')).body.status_code).toBe(0);
    const elsewhere = (await startPlay(owner, otherSid)).play_info.play_id;

    // The guest plays afterwards on another device: its play is the newer one.
    const { guest, playId } = await guestAtTheWall();
    // Even when the account played the story later than the guest (another device, meanwhile).
    await Play.updateOne({ play_id: own }, { $set: { last_played_at: new Date(clock() + 60_000) } });
    const account = await signInAs(guest, phone);
    expect(account.is_new).toBe(false);

    expect((await startPlay(guest, sid)).play_info.play_id).toBe(playId);
    const next = await turn(guest, playId, 'Back again, signed in.');
    expect(next.body.status_code).toBe(0);
    const list = await guest.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`);
    expect(inputsOf(list.body.data!.dialogues)).toEqual(['Hello there.', 'Who keeps this lamp?', 'Back again, signed in.']);

    // The account's own play of the story is still there, untouched; the history lists each story once.
    const ownList = await guest.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${own}`);
    expect(inputsOf(ownList.body.data!.dialogues)).toEqual(['My own first words.']);
    const played = await guest.call<Played>('/api/tyler/played_story');
    expect(played.body.data!.stories.map((s) => s.play_id).sort()).toEqual([playId, elsewhere].sort());
  }, 60_000);

  it('runs once: a second merge of the same guest moves nothing, and a half-done one finishes on the next sign-in', async () => {
    const { guest, guestUid, playId } = await guestAtTheWall();
    const second = (await startPlay(guest, otherSid)).play_info.play_id;
    const phone = nextPhone();
    const target = await signInByPhone(api.baseUrl, phone, ADULT);
    const targetUid = (await target.call<{ user: { uid: string } }>('/api/passport/check_login')).body.data!.user.uid;
    // As if a sign-in had failed half-way: one play already moved, the guest and its session still there.
    await Play.updateOne({ play_id: second }, { $set: { uid: targetUid } });

    await signInAs(guest, phone);
    for (const id of [playId, second]) expect((await Play.findOne({ play_id: id }).lean())?.uid).toBe(targetUid);
    expect(await User.countDocuments({ uid: guestUid })).toBe(0);
    expect(await mergeGuestInto(guestUid, targetUid)).toEqual({ plays: 0 });
    expect((await startPlay(guest, sid)).play_info.play_id).toBe(playId);
  }, 60_000);

  it('a signed-in account switching to another keeps its plays to itself', async () => {
    const first = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await startPlay(first, sid)).play_info.play_id;
    const firstUid = (await first.call<{ user: { uid: string } }>('/api/passport/check_login')).body.data!.user.uid;
    await signInAs(first, nextPhone());
    expect((await Play.findOne({ play_id: playId }).lean())?.uid).toBe(firstUid);
    expect(await User.countDocuments({ uid: firstUid })).toBe(1);
  }, 60_000);
});
