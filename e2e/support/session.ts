import type { APIRequestContext, APIResponse } from '@playwright/test';
import { fictionalPhone, latestCode } from './outbox';

export interface Envelope<T = unknown> {
  status_code: number;
  status_message: string;
  data?: T;
}

/** The envelope's data, or an error naming the call when its status_code is not 0. */
export async function ok<T = unknown>(res: APIResponse, what: string): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  if (body.status_code !== 0) throw new Error(`${what} failed: ${JSON.stringify(body)}`);
  return body.data as T;
}

/**
 * Signs a new adult account in by phone through the API with the page's own request context, so the session
 * cookie lands in the browser: code request, the code from the development outbox, login, then the first-sign-in
 * confirmation. Each call uses a fresh fictional number in `areaCode`, so specs never share an account.
 */
export async function signInByPhone(request: APIRequestContext, areaCode: string): Promise<{ e164: string }> {
  const { e164 } = fictionalPhone(areaCode);
  await ok(await request.post('/api/passport/sms/send', { data: { phone: e164 } }), 'sms/send');
  const code = await latestCode(request, e164);
  await ok(await request.post('/api/passport/sms/login', { data: { phone: e164, code } }), 'sms/login');
  await ok(
    await request.post('/api/tyler/user/log_in_confirm', { data: { is_adult: true, agree_terms: true } }),
    'log_in_confirm',
  );
  return { e164 };
}

/** The demo operator (seeded on first start, already onboarded). */
export const DEMO_OPERATOR_PHONE = '+12025550100';

/**
 * Signs the demo operator in through the API. A code asked for within the last minute is still valid, so a refused
 * resend (the 60 s window) falls back to the code already in the outbox.
 */
export async function signInAsOperator(request: APIRequestContext): Promise<void> {
  await request.post('/api/passport/sms/send', { data: { phone: DEMO_OPERATOR_PHONE } });
  const code = await latestCode(request, DEMO_OPERATOR_PHONE);
  await ok(await request.post('/api/passport/sms/login', { data: { phone: DEMO_OPERATOR_PHONE, code } }), 'sms/login');
}
