// The addresses of the four public pages on a fresh product with its demo content: the feed, the first story of
// its first page, that story's creator, and a topic holding that story (made and published by the demo operator,
// signed in by phone with the development outbox's code, since a fresh install has no topic).
import { commonQuery } from 'shared-kit';

const OPERATOR_PHONE = '+12025550100';

interface Envelope<T> {
  status_code: number;
  status_message: string;
  data?: T;
}

class Api {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, query: Record<string, string | number> = {}): Promise<T> {
    const params = new URLSearchParams(Object.entries({ ...commonQuery({ language: 'en' }), ...query }).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${this.base}${path}?${params}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(this.cookie ? { Cookie: this.cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]).filter(Boolean);
    if (set.length) this.cookie = set.join('; ');
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.status_code !== 0) throw new Error(`${path} failed: ${JSON.stringify(envelope)}`);
    return envelope.data as T;
  }
}

/** `/play`, `/play/story/:id`, `/play/user/:uid` and `/play/topic/:id` of the product whose shell is at `shellUrl`. */
export async function publicPages(shellUrl: string): Promise<{ feed: string; story: string; user: string; topic: string }> {
  const visitor = new Api(shellUrl);
  const list = await visitor.call<{ stories?: { story_id: string }[] }>('GET', '/api/tyler/story/list', undefined, { offset: 0, count: 10 });
  const storyId = list.stories?.[0]?.story_id;
  if (!storyId) throw new Error('the feed has no story: the demo content is missing');
  const detail = await visitor.call<{ creator: { uid: string } }>('GET', '/api/tyler/detail', undefined, { story_id: storyId });

  const operator = new Api(shellUrl);
  await operator.call('POST', '/api/passport/sms/send', { phone: OPERATOR_PHONE });
  const outbox = await operator.call<{ messages: { text: string }[] }>('GET', '/api/dev/sms_outbox', undefined, { phone: OPERATOR_PHONE });
  const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code for the demo operator in the outbox');
  await operator.call('POST', '/api/passport/sms/login', { phone: OPERATOR_PHONE, code });
  const saved = await operator.call<{ topic_id: string }>('POST', '/api/ops/topic/save', {
    title: 'Stories by the sea',
    description: 'Storms, lighthouses and the deep.',
    type: 'Top',
    story_ids: [storyId],
  });
  await operator.call('POST', '/api/ops/topic/status', { topic_id: saved.topic_id, status: 'Published' });
  return { feed: '/play', story: `/play/story/${storyId}`, user: `/play/user/${detail.creator.uid}`, topic: `/play/topic/${saved.topic_id}` };
}
