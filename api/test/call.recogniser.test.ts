import { recognisersRunning, warmRecogniserPids } from '../src/modules/call';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { FakeOpenAI } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, type Started } from './support/playStories';
import { echo } from './support/playSend';
import { callSocket, spokenPcm, wordsOf } from './support/callSpeech';

/*
 * The offline recogniser is kept warm: one process per api process (its model loaded once) hears every utterance
 * of its calls while they are spoken, and it is killed when the api stops, so no recogniser outlives it.
 */

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the warm recogniser', () => {
  let api: TestApi;
  let fake: FakeOpenAI;
  let stopped = false;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(echo());
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', ...fake.apiEnv } });
  }, 60_000);
  afterAll(async () => {
    if (!stopped) await api?.stop();
    await fake?.close();
  });

  it('hears two utterances in one process and is gone when the api stops', async () => {
    const { storyId } = await publishStory(api.baseUrl);
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const callId = (await me.post<{ call: { call_id: string } }>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    const call = await callSocket(api.baseUrl, me);
    expect((await call.join(callId)).status_code).toBe(0);
    const heard: string[] = [];
    for (const said of ['what is your name', 'where did you hide the golden key']) {
      const seen = call.events.length;
      await call.speak(spokenPcm(said), 20);
      const line = await call.next('call:transcript', (d) => d.input_dialogue_id !== undefined && !heard.includes(d.text) && call.events.length > seen, 30_000);
      heard.push(line.text);
      expect(wordsOf(line.text).length).toBeGreaterThan(0);
      await call.next('call:speaking', (d) => d.who === 'none' && call.events.length > seen, 30_000);
    }
    expect(heard).toHaveLength(2);
    const pids = warmRecogniserPids();
    expect(pids).toHaveLength(1);
    expect(recognisersRunning()).toBe(1);
    expect(alive(pids[0]!)).toBe(true);
    const ended = call.next('call:ended');
    call.socket.emit('end');
    await ended;
    call.close();

    await api.stop();
    stopped = true;
    expect(recognisersRunning()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(pids[0]!)).toBe(false);
  }, 90_000);
});
