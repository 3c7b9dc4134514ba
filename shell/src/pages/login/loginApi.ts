import { CODE_RETRY_SECONDS, unwrap, type Envelope, type SmsLoginRequest, type SmsSendRequest } from 'shared-kit';
import { api } from '../../http/client';

export interface SentCode {
  retry_after_s: number;
  expires_in_s: number;
}

export interface LoginResult {
  is_new: boolean;
  need_confirm: boolean;
}

export interface Provider {
  id: string;
  name: string;
}

/** `POST /api/passport/sms/send`; silent because the login page shows each outcome itself. */
export async function sendCode(phone: string, country: string): Promise<SentCode> {
  const client = await api();
  const data = await unwrap<Partial<SentCode> | undefined>(
    client.post<Envelope<Partial<SentCode> | undefined>>(
      '/passport/sms/send',
      { phone, country } satisfies SmsSendRequest,
      { silent: true },
    ),
  );
  const retry = Number(data?.retry_after_s);
  return {
    retry_after_s: Number.isFinite(retry) && retry > 0 ? retry : CODE_RETRY_SECONDS,
    expires_in_s: Number(data?.expires_in_s) || 600,
  };
}

/** `POST /api/passport/sms/login`: sets the session cookie on success. */
export async function loginWithCode(phone: string, country: string, code: string): Promise<LoginResult> {
  const client = await api();
  const data = await unwrap<Partial<LoginResult> | undefined>(
    client.post<Envelope<Partial<LoginResult> | undefined>>(
      '/passport/sms/login',
      { phone, country, code } satisfies SmsLoginRequest,
      { silent: true },
    ),
  );
  return { is_new: data?.is_new === true, need_confirm: data?.need_confirm === true };
}

function isProvider(value: unknown): value is Provider {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return (
    typeof id === 'string' && /^[a-z0-9_-]{1,32}$/.test(id) && typeof name === 'string' && name.length > 0
  );
}

/** The configured sign-in providers (`GET /api/passport/providers`); none when the call fails. */
export async function fetchProviders(): Promise<Provider[]> {
  const client = await api();
  const data = await unwrap<{ providers?: unknown } | undefined>(
    client.get<Envelope<{ providers?: unknown } | undefined>>('/passport/providers', { silent: true }),
  );
  return Array.isArray(data?.providers) ? data.providers.filter(isProvider) : [];
}

/** Where a provider button goes: the api's start route, which redirects to the provider. */
export async function providerStartUrl(id: string, next: string): Promise<string> {
  const client = await api();
  const base = (client.defaults.baseURL ?? '/api').replace(/\/+$/, '');
  return `${base}/passport/oauth/${encodeURIComponent(id)}/start?next=${encodeURIComponent(next)}`;
}
