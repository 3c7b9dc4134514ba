import { signInByPhone, startTestApi } from './helpers';
import {
  ADULT,
  nextPhone,
  publishStory,
  readStream,
  textOf,
  type Dlg,
  type Started,
  type Sent,
} from './support/playStories';

describe('streaming that survives a dropped connection', () => {
  it('resumes from the last sequence and offset seen and loses nothing', async () => {
    const slow = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '40' },
    });
    try {
      const { storyId: sid } = await publishStory(slow.baseUrl);
      const d = await signInByPhone(slow.baseUrl, nextPhone(), ADULT);
      const started = await d.post<Started>('/api/tyler/story/start_play', { story_id: sid });
      const playId = started.body.data!.play_info.play_id;
      const sent = (
        await d.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Where is the lamp?' })
      ).body.data!;
      const replyId = sent.reply_dialogue_ids[0]!;
      const url = `/api/tyler/message/stream_reply?dialogue_id=${replyId}`;
      const part = await readStream(
        d,
        url,
        (events) => events.filter((e) => e.event === 'delta').length >= 3,
      );
      expect(part.aborted).toBe(true);
      const seen = textOf(part.events, replyId);
      expect(seen.length).toBeGreaterThan(0);

      // Mid-reply, the database already holds at least what was flushed; the task kept writing without a reader.
      const rest = await readStream(d, `${url}&seq_st=${sent.seq_ed}&offset=${seen.length}`);
      const full = seen + textOf(rest.events, replyId);
      const stored = (await d.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`)).body
        .data!.dialogues;
      const reply = stored.find((x) => x.dialogue_id === replyId)!;
      expect(reply.done).toBe(true);
      expect(full).toBe(reply.content);
      expect(rest.events[rest.events.length - 1]!.event).toBe('done');

      // EventSource's own resume header works the same way.
      const lastId = part.events.filter((e) => e.id).pop()!.id!;
      const res = await fetch(`${slow.baseUrl}${url}`, {
        headers: { cookie: [...d.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'last-event-id': lastId },
      });
      const text = await res.text();
      const resumed = text
        .split('\n\n')
        .filter((b) => b.includes('event: delta') && b.includes(replyId))
        .map((b) => (JSON.parse(b.split('data: ')[1]!) as { text: string }).text)
        .join('');
      expect(seen.slice(0, Number(lastId.split(':')[1])) + resumed).toBe(reply.content);
    } finally {
      await slow.stop();
    }
  }, 30_000);
});
