import { ResourceLimit, ErrorCode, PushType } from 'shared-kit';
import { PUSH_RULES } from '../src/realtime/pushes';
import { speakSentence } from '../src/modules/voice/voice.service';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, type SseEvent, type Sent } from './support/playStories';

jest.setTimeout(120_000);

const SENTENCES = ['The lamp is lit. ', 'Come inside, traveller! ', 'The night is cold and the sea is loud.'];

/** A reply of three sentences, the first whole in its first token, then a piece every `delayMs`. */
function threeSentences(delayMs: number) {
  return (req: FakeRequest) =>
    req.stream
      ? { kind: 'stream' as const, tokens: ['[Gentle] ', SENTENCES[0]!, 'Come inside, ', 'traveller! ', 'The night is cold ', 'and the sea is loud.'], delayMs }
      : directorAnswer(req, false);
}

interface WavInfo {
  rate: number;
  seconds: number;
  rms: number;
}

/** Reads a PCM WAV's rate, length and loudness (root mean square of the samples, 0-1). */
function wavInfo(data: Buffer): WavInfo {
  expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(data.subarray(8, 12).toString('latin1')).toBe('WAVE');
  let at = 12;
  let rate = 0;
  let bits = 16;
  let channels = 1;
  for (;;) {
    const id = data.subarray(at, at + 4).toString('latin1');
    const size = data.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = data.readUInt16LE(at + 10);
      rate = data.readUInt32LE(at + 12);
      bits = data.readUInt16LE(at + 22);
    }
    if (id === 'data') {
      expect(bits).toBe(16);
      // eSpeak's WAV leaves the data size at its maximum (it writes as it goes): the rest of the file is the data.
      const body = data.subarray(at + 8, Math.min(data.length, at + 8 + size));
      const samples = Math.floor(body.length / 2);
      let sum = 0;
      for (let i = 0; i < samples; i += 1) sum += (body.readInt16LE(i * 2) / 32768) ** 2;
      return { rate, seconds: samples / channels / rate, rms: Math.sqrt(sum / Math.max(1, samples)) };
    }
    at += 8 + size + (size % 2);
  }
}

async function turnWithSpeech(api: TestApi, storyId: string, client?: CookieClient) {
  const me = client ?? (await signInByPhone(api.baseUrl, nextPhone(), ADULT));
  const started = await me.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
  const playId = started.body.data!.play_info.play_id;
  const sent = (await me.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Is the lamp lit?' })).body.data!;
  const replyId = sent.reply_dialogue_ids[0]!;
  const stream = await readStream(me, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.seq_st}&tts=1`);
  return { client: me, replyId, inputId: sent.input_dialogue.dialogue_id, events: stream.events };
}

const audioOf = (events: SseEvent[], dialogueId: string) => events.filter((e) => e.event === 'audio' && e.data.dialogue_id === dialogueId);

describe('speech in play, offline engine', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    // Pieces 800 ms apart: the first sentence's speech is made (by eSpeak NG on a worker thread) while the reply is
    // still being written, even when the suite shares a busy machine with other test files.
    fake = await FakeOpenAI.start(threeSentences(800));
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv } });
    ({ storyId } = await publishStory(api.baseUrl));
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('speaks a sentence as real speech: a WAV of about the time it takes to read, not silence', async () => {
    const clip = await speakSentence('speech-test', 'Welcome aboard the night ferry.', 'en_narrator');
    expect(clip).toMatchObject({ cached: false, mime: 'audio/wav' });
    const res = await fetch(api.baseUrl + clip!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const info = wavInfo(Buffer.from(await res.arrayBuffer()));
    expect(info.seconds).toBeGreaterThan(1);
    expect(info.seconds).toBeLessThan(6);
    expect(info.rms).toBeGreaterThan(0.02);
    // The same text in the same voice comes from the cache; another voice is another clip.
    expect(await speakSentence('speech-test', 'Welcome aboard the night ferry.', 'en_narrator')).toMatchObject({ key: clip!.key, cached: true });
    expect((await speakSentence('speech-test', 'Welcome aboard the night ferry.', 'en_female_bright'))!.key).not.toBe(clip!.key);
  });

  it('streams each sentence of a reply as audio in its voice, in order, after its text and before the reply ends', async () => {
    const { replyId, events } = await turnWithSpeech(api, storyId);
    const audio = audioOf(events, replyId);
    expect(audio.map((e) => String(e.data.text).trim())).toEqual(SENTENCES.map((t) => t.trim()));
    expect(audio.map((e) => e.data.index)).toEqual([0, 1, 2]);
    // Each clip comes once its whole sentence was sent as text, and never before.
    for (const a of audio) {
      const at = events.indexOf(a);
      const shown = events
        .slice(0, at)
        .filter((e) => e.event === 'delta' && e.data.dialogue_id === replyId)
        .map((e) => String(e.data.text))
        .join('');
      expect(shown.length).toBeGreaterThanOrEqual(Number(a.data.end));
      expect(shown.slice(Number(a.data.start), Number(a.data.end))).toBe(a.data.text);
    }
    // Speech started while the reply was still being written, and `done` came after the last clip.
    const replyEnd = events.findIndex((e) => e.event === 'dialogue' && e.data.dialogue_id === replyId);
    expect(events.indexOf(audio[0]!)).toBeLessThan(replyEnd);
    expect(events.at(-1)!.event).toBe('done');
    // The character speaks in the voice the story gave it.
    expect(['en_female_calm', 'en_male_deep']).toContain(audio[0]!.data.voice);
    for (const a of audio) {
      const res = await fetch(api.baseUrl + String(a.data.url));
      expect(wavInfo(Buffer.from(await res.arrayBuffer())).rms).toBeGreaterThan(0.02);
    }
  });

  it("speaks a finished line again from its row, from the cache the stream filled, for the play's owner only", async () => {
    const { client, replyId, inputId, events } = await turnWithSpeech(api, storyId);
    const streamed = audioOf(events, replyId).map((e) => e.data.url);
    const res = await client.call<{ dialogue_id: string; clips: Array<{ index: number; text: string; url: string; bytes: number }> }>(
      `/api/voice/dialogue_audio?dialogue_id=${replyId}`,
    );
    expect(res.body.status_code).toBe(0);
    const clips = res.body.data!.clips;
    expect(clips.map((c) => c.text.trim())).toEqual(SENTENCES.map((t) => t.trim()));
    expect(clips.map((c) => c.url)).toEqual(streamed);
    expect(clips.every((c) => c.bytes > 1000)).toBe(true);
    // Someone else's line is as good as missing; the player's own line has nothing to say.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await other.call(`/api/voice/dialogue_audio?dialogue_id=${replyId}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await client.call<{ clips: unknown[] }>(`/api/voice/dialogue_audio?dialogue_id=${inputId}`)).body.data!.clips).toEqual([]);
  });

  it('sends no audio without tts=1', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const started = await me.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
    const sent = (await me.post<Sent>('/api/tyler/message/send', { play_id: started.body.data!.play_info.play_id, message: 'Hello?' })).body.data!;
    const stream = await readStream(me, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
    expect(stream.events.filter((e) => e.event.startsWith('audio'))).toEqual([]);
  });
});

describe('speech in play, daily quota', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(threeSentences(1));
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', TTS_DAILY_QUOTA: '2', ...fake.apiEnv } });
    ({ storyId } = await publishStory(api.baseUrl));
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('speaks up to the quota, then says the limit is reached (1020302) once and pushes TTSReached', async () => {
    const limited: Array<{ uid: string; limit: string }> = [];
    const off = api.events.on('resource.limited', (e) => void limited.push(e));
    const { client, replyId, events } = await turnWithSpeech(api, storyId);
    expect(audioOf(events, replyId).map((e) => e.data.index)).toEqual([0, 1]);
    expect(events.filter((e) => e.event === 'audio_limit').map((e) => e.data.status_code)).toEqual([ErrorCode.TtsLimit]);
    expect(events.at(-1)!.event).toBe('done');
    // A second turn the same day: silent, and no second push.
    const again = await turnWithSpeech(api, storyId, client);
    expect(audioOf(again.events, again.replyId)).toEqual([]);
    off();
    expect(limited.map((e) => e.limit)).toEqual([ResourceLimit.TTSReached]);
    const push = PUSH_RULES['resource.limited'](limited[0]! as { uid: string; limit: ResourceLimit });
    expect(push.push).toEqual({ push_type: PushType.ResourceLimit, resource_limit: 'TTSReached', status_code: ErrorCode.TtsLimit });
  });
});

describe('speech in play through an OpenAI-compatible /audio/speech', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(threeSentences(50));
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', TTS_MODEL: 'fake-tts', ...fake.apiEnv } });
    ({ storyId } = await publishStory(api.baseUrl));
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it("asks the endpoint for each sentence in the speaker's voice and serves what it answered", async () => {
    const { replyId, events } = await turnWithSpeech(api, storyId);
    const audio = audioOf(events, replyId);
    expect(audio.map((e) => String(e.data.text).trim())).toEqual(SENTENCES.map((t) => t.trim()));
    expect(fake.speechRequests.map((r) => r.input)).toEqual(SENTENCES.map((s) => s.trim()));
    expect(fake.speechRequests[0]).toMatchObject({ model: 'fake-tts', response_format: 'wav' });
    expect(['nova', 'onyx']).toContain(fake.speechRequests[0]!.voice);
    const info = wavInfo(Buffer.from(await (await fetch(api.baseUrl + String(audio[0]!.data.url))).arrayBuffer()));
    expect(info.rate).toBe(16_000);
    expect(info.seconds).toBeCloseTo(SENTENCES[0]!.trim().length * 0.07, 1);
  });

  it('keeps the text flowing when the endpoint fails: no audio, the reply whole', async () => {
    fake.speechStatus = 500;
    fake.script((req) => (req.stream ? { kind: 'stream', tokens: ['Words never spoken before. ', 'And more of them.'], delayMs: 20 } : directorAnswer(req, false)));
    const asked = fake.speechRequests.length;
    const { replyId, events } = await turnWithSpeech(api, storyId);
    fake.speechStatus = 200;
    expect(fake.speechRequests.length - asked).toBe(2);
    expect(audioOf(events, replyId)).toEqual([]);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toContain('And more of them.');
    expect(events.at(-1)!.event).toBe('done');
  });
});
