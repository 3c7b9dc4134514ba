import type { APIRequestContext, APIResponse, Cookie, Page } from '@playwright/test';
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

/** The demo creator (seeded on first start, already onboarded; owns the demo stories, on the template whitelist). */
export const DEMO_CREATOR_PHONE = '+12025550101';

const demoCookies = new Map<string, Cookie[]>();

/**
 * Signs the demo operator in for `page`. A code is good for one login and a number gets one code a minute, so one
 * session is made per run and its cookies are handed to each later page; when that session has ended (or the
 * worker restarted), a new code is asked for, waiting out the resend window if one was sent within the minute.
 */
export async function signInAsOperator(page: Page): Promise<void> {
  await signInAsDemo(page, DEMO_OPERATOR_PHONE, isOperator);
}

/** Signs the demo creator in for `page`, one session per run as for the operator. */
export async function signInAsDemoCreator(page: Page): Promise<void> {
  await signInAsDemo(page, DEMO_CREATOR_PHONE, isLoggedIn);
}

async function signInAsDemo(
  page: Page,
  phone: string,
  stillIn: (request: APIRequestContext) => Promise<boolean>,
): Promise<void> {
  const context = page.context();
  const cookies = demoCookies.get(phone);
  if (cookies) {
    await context.addCookies(cookies);
    if (await stillIn(page.request)) return;
  }
  const deadline = Date.now() + 70_000;
  for (;;) {
    const sent = (await (await page.request.post('/api/passport/sms/send', { data: { phone } })).json()) as Envelope;
    if (sent.status_code === 0) break;
    if (Date.now() > deadline) throw new Error(`sms/send kept failing: ${JSON.stringify(sent)}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const code = await latestCode(page.request, phone);
  await ok(await page.request.post('/api/passport/sms/login', { data: { phone, code } }), 'sms/login');
  demoCookies.set(phone, await context.cookies());
}

async function isLoggedIn(request: APIRequestContext): Promise<boolean> {
  const state = await ok<{ is_login: boolean }>(await request.get('/api/passport/check_login'), 'check_login');
  return state.is_login;
}

async function isOperator(request: APIRequestContext): Promise<boolean> {
  const state = await ok<{ is_login: boolean; user?: { roles?: string[] } }>(
    await request.get('/api/passport/check_login'),
    'check_login',
  );
  return state.is_login && (state.user?.roles?.includes('operator') ?? false);
}
