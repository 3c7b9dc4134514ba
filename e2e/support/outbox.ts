import type { APIRequestContext } from '@playwright/test';

interface Envelope<T> {
  status_code: number;
  status_message: string;
  data?: T;
}

// Numbers are handed out in turn from a random start, so one run never texts the same number twice within the
// api's 60 s resend window (random picks collide often: ten draws from a hundred clash about a third of the time).
let nextLine = Math.floor(Math.random() * 100);

/**
 * A fictional US number (555-01xx, reserved for fiction) of its own per call, in national and E.164 form. The
 * area code is the caller's, so specs do not share accounts.
 */
export function fictionalPhone(areaCode: string): { national: string; e164: string } {
  const line = `01${String(nextLine++ % 100).padStart(2, '0')}`;
  return { national: `(${areaCode}) 555-${line}`, e164: `+1${areaCode}555${line}` };
}

/** The latest code texted to `e164`, read from the development outbox (`GET /api/dev/sms_outbox`). */
export async function latestCode(request: APIRequestContext, e164: string): Promise<string> {
  const res = await request.get(`/api/dev/sms_outbox?phone=${encodeURIComponent(e164)}`);
  const body = (await res.json()) as Envelope<{ messages: Array<{ text: string }> }>;
  if (body.status_code !== 0) throw new Error(`sms_outbox failed: ${JSON.stringify(body)}`);
  const code = /\b(\d{6})\b/.exec(body.data?.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${e164}`);
  return code;
}
