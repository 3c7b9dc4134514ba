import { ErrorCode, type UgcVoice as UgcVoiceView, type UgcVoiceConf, type UgcVoiceList } from 'shared-kit';
import { speakSentence, VoiceMutedError } from '../src/modules/voice/voice.service';
import { UgcVoice } from '../src/modules/voice/ugc.model';
import { readShare } from '../src/modules/voice/ugc.asr';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, nextPhone } from './support/playStories';
import { useTwoCreators } from './support/twoCreators';
import { FakeOpenAI } from './support/fakeOpenAI';
import { altered, looped, mp3Of, noiseSource, oggOpusOf, readWav, signal, spoken } from './support/voiceRecordings';

jest.setTimeout(180_000);

const READ_EN =
  'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.';

interface Created {
  voice: UgcVoiceView;
}

function form(audio: Buffer, fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('audio', new Blob([new Uint8Array(audio)], { type: 'application/octet-stream' }), 'recording.bin');
  return fd;
}

/** The voice once its review job has ended (Normal or Reject), read back as its owner. */
async function reviewed(client: CookieClient, voiceId: string, timeoutMs = 60_000): Promise<UgcVoiceView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<Created>(`/api/editor/ugc_voice/get?voice_id=${voiceId}`);
    const v = res.body.data?.voice;
    if (v && v.status !== 'Reviewing') return v;
    if (Date.now() > deadline) throw new Error(`voice ${voiceId} still reviewing: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function create(client: CookieClient, audio: Buffer, fields: Record<string, string> = {}) {
  return client.call<Created>('/api/editor/ugc_voice/create', { method: 'POST', body: form(audio, { name: 'Harbour keeper', ...fields }) });
}

/**
 * Recordings shared by the tests, all made before any client connects: making them blocks this process for seconds,
 * and a request sent right after such a pause on a kept-alive connection can meet the server closing it.
 */
let speech: Buffer;
let female: Buffer;
let refused: Array<[string, Buffer, number, string]>;
let roomTone: Buffer;
let mp3: Buffer;
let ogg: { speech: Buffer; silence: Buffer; long: Buffer };

async function recordings(): Promise<void> {
  speech ??= await spoken(READ_EN, 'en_male_deep');
  female ??= await spoken(READ_EN, 'en_female_bright');
  refused ??= [
    ['not audio', Buffer.from('name,age\nAda,36\n'.repeat(100)), ErrorCode.AvatarFormatError, 'format'],
    ['a PNG named .wav', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), ErrorCode.AvatarFormatError, 'format'],
    ['too short', await spoken('Hello there, my friend.'), ErrorCode.ClientParamError, 'too_short'],
    ['too long', looped(speech, 65), ErrorCode.ClientParamError, 'too_long'],
    ['silence', signal(15, () => 0), ErrorCode.ClientParamError, 'too_quiet'],
    ['whisper', altered(speech, 0.003), ErrorCode.ClientParamError, 'too_quiet'],
    ['noise', signal(15, noiseSource(), 16_000), ErrorCode.ClientParamError, 'too_noisy'],
    ['speech in loud noise', altered(speech, 0.5, 0.4), ErrorCode.ClientParamError, 'too_noisy'],
  ];
  roomTone ??= altered(speech, 0.8, 0.002);
  mp3 ??= mp3Of(female);
  ogg ??= { speech: oggOpusOf(female), silence: oggOpusOf(signal(15, () => 0)), long: oggOpusOf(looped(female, 30)) };
}

describe('custom voices: recordings, checks and the library', () => {
  beforeAll(async () => {
    await recordings();
  });
  const ctx = useTwoCreators();

  test('conf and category give the limits, the texts to read and the tags', async () => {
    const conf = await ctx.owner.call<UgcVoiceConf>('/api/editor/ugc_voice/conf');
    expect(conf.body.status_code).toBe(0);
    expect(conf.body.data).toMatchObject({ name_min: 2, name_max: 40, tags_max: 3, record_min_sec: 10, record_max_sec: 60, transcription: false });
    expect(conf.body.data!.read_texts.find((t) => t.language_key === 'en')!.text).toBe(READ_EN);
    const cat = await ctx.owner.call<{ categories: Array<{ category: string; values: string[] }> }>('/api/editor/ugc_voice/category');
    expect(cat.body.data!.categories.map((c) => c.category)).toEqual(['gender', 'age', 'trait']);
  });

  test('a spoken recording becomes a voice that speaks its preview, tuned from the recording', async () => {
    const res = await create(ctx.owner, speech, { tags: 'gender:male,trait:deep', pitch: '10', speed: '-20', privacy: 'Public', source: 'record', text_id: 'en_1' });
    expect(res.body.status_code).toBe(0);
    // The answer comes after the quick checks; the voice is Reviewing until its job made the preview.
    expect(res.body.data!.voice).toMatchObject({ status: 'Reviewing', preview_url: '', reject_reason: '' });
    const v = await reviewed(ctx.owner, res.body.data!.voice.voice_id);
    expect(v).toMatchObject({ name: 'Harbour keeper', status: 'Normal', review_percent: 100, privacy: 'Public', mix_type: 'NotMix', pitch: 10, speed: -20, language: 'en', is_mine: true });
    expect(v.voice_id).toMatch(/^ugc_[0-9a-f]{16}$/);
    expect(v.tags).toEqual([
      { category: 'gender', value: 'male' },
      { category: 'trait', value: 'deep' },
    ]);
    expect(v.duration_ms).toBeGreaterThan(10_000);
    // A low recording gets a male engine voice; the speed offset slows the engine's words a minute.
    expect(v.engine.voice).toMatch(/^en-us\+m\d$/);
    const clip = await fetch(ctx.api.baseUrl + v.preview_url);
    expect(clip.headers.get('content-type')).toBe('audio/wav');
    const pcm = readWav(Buffer.from(await clip.arrayBuffer()));
    expect(pcm.samples.length / pcm.rate).toBeGreaterThan(1);
    expect(Math.max(...pcm.samples.map(Math.abs))).toBeGreaterThan(0.1);

    const high = await create(ctx.owner, female, { name: 'Bright one', speed: '0' });
    expect(high.body.data!.voice.engine.voice).toMatch(/^en-us\+f\d$/);
    // The same reading as an MP3 file is decoded and measured alike.
    expect(mp3.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    const fromMp3 = await create(ctx.owner, mp3, { name: 'From an MP3', speed: '0' });
    expect(fromMp3.body.status_code).toBe(0);
    expect(fromMp3.body.data!.voice.engine.voice).toMatch(/^en-us\+f\d$/);
    expect(Math.abs(fromMp3.body.data!.voice.duration_ms - high.body.data!.voice.duration_ms)).toBeLessThan(500);
    // The user's speed is applied over what the recording measured.
    const base = await create(ctx.owner, speech, { name: 'Same speaker', speed: '0' });
    expect(v.engine.speed).toBeLessThan(base.body.data!.voice.engine.speed);
  });

  test('Ogg Opus files: speech is decoded and measured like the WAV, silence is refused, a file cut off counts only what it holds', async () => {
    expect(ogg.speech.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(ogg.speech.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    const fromWav = await create(ctx.owner, female, { name: 'Bright WAV', speed: '0' });
    const fromOgg = await create(ctx.owner, ogg.speech, { name: 'Bright Ogg', speed: '0' });
    expect(fromOgg.body.status_code).toBe(0);
    const v = fromOgg.body.data!.voice;
    expect(v.engine.voice).toMatch(/^en-us\+f\d$/);
    expect(Math.abs(v.duration_ms - fromWav.body.data!.voice.duration_ms)).toBeLessThan(500);
    expect(await reviewed(ctx.owner, v.voice_id)).toMatchObject({ status: 'Normal' });

    const silent = await create(ctx.owner, ogg.silence, { name: 'Silent Ogg' });
    expect(silent.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { reason: 'too_quiet' } });
    expect(silent.body.status_message).toMatch(/^audio: /);

    // 30 s of speech cut off at 60%, inside a page: the whole pages before the cut hold about 18 s (a page a second),
    // and the part of a page after them is not read as audio.
    const cut = Math.floor(ogg.long.length * 0.6);
    expect(ogg.long.subarray(cut - 2, cut + 2).toString('latin1')).not.toContain('OggS');
    const truncated = await create(ctx.owner, ogg.long.subarray(0, cut), { name: 'Cut Ogg' });
    expect(truncated.body.status_code).toBe(0);
    const held = truncated.body.data!.voice.duration_ms;
    expect(held).toBeGreaterThan(30_000 * 0.6 - 1_200);
    expect(held).toBeLessThanOrEqual(30_000 * 0.6 + 100);
    // Cut before its first audio page, or within its headers: not audio.
    for (const [label, bytes] of [
      ['headers only', ogg.long.subarray(0, 200)],
      ['cut in its header', ogg.long.subarray(0, 60)],
    ] as const) {
      const res = await create(ctx.owner, bytes, { name: 'Broken Ogg' });
      expect({ label, code: res.body.status_code, reason: (res.body.data as { reason?: string }).reason }).toEqual({ label, code: ErrorCode.AvatarFormatError, reason: 'format' });
    }
  });

  test('each check refuses its recording with the field and the reason', async () => {
    for (const [label, audio, code, reason] of refused) {
      const res = await create(ctx.owner, audio).catch((err: Error) => {
        throw new Error(`${label}: ${err.message} ${String((err.cause as Error)?.message)}`);
      });
      expect({ label, code: res.body.status_code, reason: (res.body.data as { reason?: string } | undefined)?.reason }).toEqual({ label, code, reason });
      if (code === ErrorCode.ClientParamError) expect(res.body.status_message).toMatch(/^audio: /);
    }
    // Speech with a little room noise passes.
    expect((await create(ctx.owner, roomTone, { name: 'Room tone' })).body.status_code).toBe(0);
  });

  test('name and tags are checked', async () => {
    const short = await create(ctx.owner, speech, { name: 'A' });
    expect(short.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(short.body.status_message).toMatch(/^name: /);
    const long = await create(ctx.owner, speech, { name: 'x'.repeat(41) });
    expect(long.body.status_message).toMatch(/^name: /);
    const many = await create(ctx.owner, speech, { tags: 'gender:male,age:adult,trait:deep,trait:calm' });
    expect(many.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(many.body.status_message).toMatch(/^tags: /);
    const unknown = await create(ctx.owner, speech, { tags: 'gender:robot' });
    expect(unknown.body.status_message).toMatch(/^tags: /);
    const json = await ctx.owner.post('/api/editor/ugc_voice/create', { name: 'Nope' });
    expect(json.body.status_code).toBe(ErrorCode.ClientParamError);
  });

  test('mine and the public library: search, privacy, get', async () => {
    const pub = await reviewed(ctx.owner, (await create(ctx.owner, speech, { name: 'Lighthouse voice', privacy: 'Public' })).body.data!.voice.voice_id);
    const priv = await reviewed(ctx.owner, (await create(ctx.owner, speech, { name: 'Lighthouse secret', privacy: 'Privacy' })).body.data!.voice.voice_id);
    const mine = await ctx.owner.call<UgcVoiceList>('/api/editor/ugc_voice/list?scope=mine');
    expect(mine.body.data!.voices.map((v) => v.voice_id)).toEqual(expect.arrayContaining([pub.voice_id, priv.voice_id]));
    const found = await ctx.other.call<UgcVoiceList>('/api/editor/ugc_voice/list?scope=public&keyword=lighthouse');
    expect(found.body.data!.voices.map((v) => v.voice_id)).toEqual([pub.voice_id]);
    expect(found.body.data!.voices[0]!.is_mine).toBe(false);
    const none = await ctx.other.call<UgcVoiceList>('/api/editor/ugc_voice/list?scope=public&keyword=nothing-like-this');
    expect(none.body.data!.voices).toEqual([]);
    expect((await ctx.other.call<UgcVoiceList>('/api/editor/ugc_voice/list?scope=mine')).body.data!.voices).toEqual([]);
    expect((await ctx.other.call(`/api/editor/ugc_voice/get?voice_id=${pub.voice_id}`)).body.status_code).toBe(0);
    expect((await ctx.other.call(`/api/editor/ugc_voice/get?voice_id=${priv.voice_id}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await ctx.owner.call(`/api/editor/ugc_voice/get?voice_id=${priv.voice_id}`)).body.status_code).toBe(0);
    expect((await new (ctx.owner.constructor as typeof CookieClient)(ctx.api.baseUrl).call('/api/editor/ugc_voice/list')).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  test('update: one rename a day, tags, pitch and speed with a new preview; only the owner', async () => {
    const v = await reviewed(ctx.owner, (await create(ctx.owner, speech, { name: 'First name', privacy: 'Public' })).body.data!.voice.voice_id);
    // A rename passes the name's safety review first: refused, the voice keeps the name others saw (and its rename).
    const flagged = await ctx.owner.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, name: 'porn voice' });
    expect(flagged.body).toMatchObject({ status_code: ErrorCode.TextRiskNotPassed, data: { errors: [{ path: 'name' }] } });
    expect((await ctx.other.call<Created>(`/api/editor/ugc_voice/get?voice_id=${v.voice_id}`)).body.data!.voice.name).toBe('First name');
    expect((await ctx.owner.call<Created>(`/api/editor/ugc_voice/get?voice_id=${v.voice_id}`)).body.data!.voice.name).toBe('First name');
    const renamed = await ctx.owner.post<Created>('/api/editor/ugc_voice/update', { voice_id: v.voice_id, name: 'Second name' });
    expect(renamed.body.data!.voice.name).toBe('Second name');
    expect(renamed.body.data!.voice.next_rename_at).toBeGreaterThan(Date.now());
    const again = await ctx.owner.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, name: 'Third name' });
    expect(again.body.status_code).toBe(ErrorCode.TooManyToday);
    const tuned = await ctx.owner.post<Created>('/api/editor/ugc_voice/update', {
      voice_id: v.voice_id,
      pitch: -30,
      speed: 50,
      tags: [{ category: 'age', value: 'senior' }],
    });
    const t = tuned.body.data!.voice;
    expect(t).toMatchObject({ name: 'Second name', pitch: -30, speed: 50, tags: [{ category: 'age', value: 'senior' }] });
    expect(t.preview_url).not.toBe(v.preview_url);
    expect(t.engine.pitch).toBeLessThan(v.engine.pitch);
    expect(t.engine.speed).toBeGreaterThan(v.engine.speed);
    expect((await ctx.owner.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, speed: 150 })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ctx.other.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, name: 'Stolen' })).body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  test('mixing voices: factors over 100, a voice of its own with a preview; failures say so', async () => {
    const a = await reviewed(ctx.owner, (await create(ctx.owner, speech, { name: 'Mix source', privacy: 'Public' })).body.data!.voice.voice_id);
    const mixed = await ctx.owner.post<Created>('/api/editor/ugc_voice/mix', {
      name: 'Blend',
      mix_speakers: [
        { voice_id: a.voice_id, factor: 70 },
        { voice_id: 'en_female_bright', factor: 30 },
      ],
    });
    expect(mixed.body.status_code).toBe(0);
    expect(mixed.body.data!.voice).toMatchObject({ mix_type: 'Mix', status: 'Reviewing' });
    const m = await reviewed(ctx.owner, mixed.body.data!.voice.voice_id);
    expect(m).toMatchObject({ mix_type: 'Mix', name: 'Blend', status: 'Normal' });
    expect(m.mix_speakers).toEqual([
      { voice_id: a.voice_id, factor: 70, name: 'Mix source' },
      { voice_id: 'en_female_bright', factor: 30, name: 'en_female_bright' },
    ]);
    // 0.7 of the source's engine pitch and 0.3 of the bright voice's (70).
    expect(m.engine.pitch).toBe(Math.round(a.engine.pitch * 0.7 + 70 * 0.3));
    expect(m.engine.voice).toBe(a.engine.voice);
    const clip = await fetch(ctx.api.baseUrl + m.preview_url);
    expect(clip.status).toBe(200);
    expect((await clip.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // Another user may mix a public voice.
    expect(
      (await ctx.other.post('/api/editor/ugc_voice/mix', { name: 'Theirs', mix_speakers: [{ voice_id: a.voice_id, factor: 50 }, { voice_id: 'en_male_warm', factor: 50 }] })).body
        .status_code,
    ).toBe(0);

    const priv = (await create(ctx.owner, speech, { name: 'Private source' })).body.data!.voice;
    const fails: Array<[unknown, string]> = [
      [[{ voice_id: a.voice_id, factor: 100 }], 'too_few'],
      [[{ voice_id: a.voice_id, factor: 50 }, { voice_id: a.voice_id, factor: 50 }], 'duplicate'],
      [[{ voice_id: a.voice_id, factor: 60 }, { voice_id: 'en_male_warm', factor: 30 }], 'factors'],
      [[{ voice_id: a.voice_id, factor: 50 }, { voice_id: 'ugc_0000000000000000', factor: 50 }], 'unavailable'],
      [[{ voice_id: priv.voice_id, factor: 50 }, { voice_id: 'en_male_warm', factor: 50 }], 'unavailable'],
    ];
    for (const [speakers, reason] of fails) {
      const res = await ctx.other.post('/api/editor/ugc_voice/mix', { name: 'Fails', mix_speakers: speakers });
      expect({ reason, code: res.body.status_code, got: (res.body.data as { reason: string }).reason }).toEqual({ reason, code: ErrorCode.MixVoiceFailed, got: reason });
    }
  });

  test('a public voice made private or deleted mutes the creations of others; its owner still hears a private one', async () => {
    const v = await reviewed(ctx.owner, (await create(ctx.owner, speech, { name: 'Shared voice', privacy: 'Public' })).body.data!.voice.voice_id);
    const heard = await speakSentence(ctx.otherUid, 'The lamp is lit.', v.voice_id);
    expect(heard!.bytes).toBeGreaterThan(1000);
    await ctx.owner.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, privacy: 'Privacy' });
    await expect(speakSentence(ctx.otherUid, 'The lamp is lit.', v.voice_id)).rejects.toBeInstanceOf(VoiceMutedError);
    await expect(speakSentence(ctx.otherUid, 'The lamp is lit.', v.voice_id)).rejects.toMatchObject({ code: ErrorCode.RecordNotFound, data: { muted: true } });
    expect(await speakSentence(ctx.ownerUid, 'The lamp is lit.', v.voice_id)).not.toBeNull();
    await ctx.owner.post('/api/editor/ugc_voice/update', { voice_id: v.voice_id, privacy: 'Public' });
    expect(await speakSentence(ctx.otherUid, 'The lamp is lit.', v.voice_id)).not.toBeNull();

    const del = await ctx.owner.post<Created>('/api/editor/ugc_voice/update', { voice_id: v.voice_id, status: 'Deleted' });
    expect(del.body.data!.voice.status).toBe('Deleted');
    await expect(speakSentence(ctx.otherUid, 'The lamp is lit.', v.voice_id)).rejects.toBeInstanceOf(VoiceMutedError);
    await expect(speakSentence(ctx.ownerUid, 'The lamp is lit.', v.voice_id)).rejects.toBeInstanceOf(VoiceMutedError);
    expect((await ctx.owner.call(`/api/editor/ugc_voice/get?voice_id=${v.voice_id}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    const mine = await ctx.owner.call<UgcVoiceList>('/api/editor/ugc_voice/list?scope=mine');
    expect(mine.body.data!.voices.some((x) => x.voice_id === v.voice_id)).toBe(false);
    expect(await UgcVoice.countDocuments({ voice_id: v.voice_id, status: 'Deleted' })).toBe(1);
  });
});

describe('custom voices with a speech recogniser', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let client: CookieClient;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(() => ({ kind: 'json', content: '{}' }));
    await recordings();
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', ASR_MODEL: 'fake-whisper', ...fake.apiEnv } });
    client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  test('the text must be read as written, tolerating small slips', async () => {
    expect((await client.call<UgcVoiceConf>('/api/editor/ugc_voice/conf')).body.data!.transcription).toBe(true);
    fake.transcript = READ_EN.replace('fresh bread', 'fresh red').replace('laughing,', '');
    const ok = await create(client, speech, { text_id: 'en_1' });
    expect(ok.body.status_code).toBe(0);
    expect((await reviewed(client, ok.body.data!.voice.voice_id)).status).toBe('Normal');
    const sent = fake.transcriptionRequests.at(-1)!;
    expect(sent).toMatchObject({ model: 'fake-whisper', language: 'en' });
    // The recogniser got the decoded recording as a 16 kHz WAV.
    expect(sent.bytes).toBeGreaterThan(16_000 * 2 * 10);

    fake.transcript = 'I would rather talk about something else entirely today.';
    const wrong = await create(client, speech, { text_id: 'en_1' });
    expect(wrong.body.data!.voice.status).toBe('Reviewing');
    const refusedVoice = await reviewed(client, wrong.body.data!.voice.voice_id);
    expect(refusedVoice).toMatchObject({ status: 'Reject', preview_url: '' });
    expect(refusedVoice.reject_reason).toMatch(/^Voice not recognized: read the text as written/);

    fake.transcriptionStatus = 503;
    const down = await create(client, speech, { text_id: 'en_1' });
    expect((await reviewed(client, down.body.data!.voice.voice_id)).reject_reason).toMatch(/^Speech recognition was unavailable/);
    fake.transcriptionStatus = 200;
  });

  test('the comparison ignores case, punctuation and accents', () => {
    expect(readShare('Hola, ¿cómo estás?', 'hola como estas')).toBe(1);
    expect(readShare('one two three four', 'one three')).toBe(0.5);
    expect(readShare('清晨的阳光', '清晨的阳光')).toBe(1);
  });
});
