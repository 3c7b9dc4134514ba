import { ErrorCode, StoryStatus } from 'shared-kit';
import { UgcVoice, type UgcVoiceFields } from '../src/modules/voice/ugc.model';
import { save, storyPayload } from './editor.support';
import { botPayload } from './support/botStories';
import { useTwoCreators } from './support/twoCreators';

jest.setTimeout(120_000);

let seq = 0;
/** A custom voice as the library stores it, in the state a test needs (its making is covered by voice.custom). */
async function voice(uid: string, state: Partial<Pick<UgcVoiceFields, 'status' | 'privacy'>>): Promise<string> {
  seq += 1;
  const voice_id = `ugc_${(0xabc000 + seq).toString(16).padStart(16, '0')}`;
  await UgcVoice.create({
    voice_id,
    uid,
    name: `Voice ${seq}`,
    language: 'en',
    base: { voice: 'en+m1', pitch: 50, speed: 170, gender: 'male' },
    status: state.status ?? 'Normal',
    privacy: state.privacy ?? 'Privacy',
  });
  return voice_id;
}

const dub = (dubbing: string) => ({ dubbing, language: 'en' });

function storyWith(character0: string, narrator = 'en_narrator') {
  const base = storyPayload();
  const characters = (base.characters ?? []).map((c, i) => (i === 0 ? { ...c, dubbing_show: dub(character0) } : c));
  return { ...base, characters, voice_over_dubbing: dub(narrator) };
}

/** The bot Mira speaking with `dubbing`. */
const bot = (dubbing: string) => botPayload({ character: { dubbing_show: dub(dubbing) } });

describe('publishing with a custom voice that is gone, rejected or private', () => {
  const ctx = useTwoCreators();

  test.each([
    ['deleted', () => voice(ctx.ownerUid, { status: 'Deleted' })],
    ['rejected', () => voice(ctx.ownerUid, { status: 'Reject' })],
    ['private', () => voice(ctx.otherUid, { privacy: 'Privacy' })],
    ['deleted', () => Promise.resolve('ugc_00000000deadbeef')],
  ])('a character in a %s voice: publish and its check refuse with the dubbing error on that field', async (reason, make) => {
    const id = await make();
    const body = storyWith(id);
    const refused = await save(ctx.owner, { ...body, publish_type: 'Publish' });
    expect(refused.body.status_code).toBe(ErrorCode.DubbingErrorOnPublish);
    expect(refused.body.status_message).toMatch(/^characters\.0\.dubbing_show: /);
    expect(refused.body.data!.errors).toEqual([
      expect.objectContaining({ path: 'characters.0.dubbing_show', code: 'voiceUnavailable', values: { reason } }),
    ]);
    const checked = await ctx.owner.post('/api/editor/story/check_create', { ...body, publish_type: 'Publish' });
    expect(checked.body.status_code).toBe(ErrorCode.DubbingErrorOnPublish);
    // A draft keeps the voice: the creator can still save and change it later.
    const draft = await save(ctx.owner, { ...body, publish_type: 'Draft' });
    expect(draft.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Draft } });
  });

  test('the narrator voice is checked too, and every unavailable field is named', async () => {
    const gone = await voice(ctx.ownerUid, { status: 'Deleted' });
    const theirs = await voice(ctx.otherUid, { privacy: 'Privacy' });
    const refused = await save(ctx.owner, { ...storyWith(gone, theirs), publish_type: 'Publish' });
    expect(refused.body.status_code).toBe(ErrorCode.DubbingErrorOnPublish);
    expect(refused.body.data!.errors.map((e) => e.path)).toEqual(['characters.0.dubbing_show', 'voice_over_dubbing']);
  });

  test('a bot in an unavailable voice is refused the same way', async () => {
    const rejected = await voice(ctx.ownerUid, { status: 'Reject' });
    const refused = await save(ctx.owner, { ...bot(rejected), publish_type: 'Publish' });
    expect(refused.body.status_code).toBe(ErrorCode.DubbingErrorOnPublish);
    expect(refused.body.data!.errors).toEqual([expect.objectContaining({ path: 'characters.0.dubbing_show', values: { reason: 'rejected' } })]);
  });

  test('my own private voice and someone else\'s public voice publish', async () => {
    const mine = await voice(ctx.ownerUid, { privacy: 'Privacy' });
    const shared = await voice(ctx.otherUid, { privacy: 'Public' });
    const story = await save(ctx.owner, { ...storyWith(mine, shared), publish_type: 'Publish' });
    expect(story.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
    const botSaved = await save(ctx.owner, { ...bot(shared), publish_type: 'Publish' });
    expect(botSaved.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
  });

  test('someone else\'s public voice still in review cannot be mixed; my own can', async () => {
    const theirs = await voice(ctx.otherUid, { privacy: 'Public', status: 'Reviewing' });
    const refused = await ctx.owner.post('/api/editor/ugc_voice/mix', { name: 'Too early', mix_speakers: [{ voice_id: theirs, factor: 50 }, { voice_id: 'en_male_warm', factor: 50 }] });
    expect(refused.body).toMatchObject({ status_code: ErrorCode.MixVoiceFailed, data: { reason: 'unavailable' } });
    const mine = await voice(ctx.ownerUid, { status: 'Reviewing' });
    const mixed = await ctx.owner.post<{ voice: { status: string } }>('/api/editor/ugc_voice/mix', { name: 'Mine early', mix_speakers: [{ voice_id: mine, factor: 50 }, { voice_id: 'en_male_warm', factor: 50 }] });
    expect(mixed.body).toMatchObject({ status_code: 0, data: { voice: { status: 'Reviewing' } } });
  });
});
