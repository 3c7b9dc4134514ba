import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { ENV_VALUES, TIMEOUTS } from './constants';
import { isEnvelope, type Envelope } from './envelope';
import { ApiError, ErrorCode, UI_MESSAGES, errorMessage } from './errors';
import { reduceLanguage } from './format';
import { envHeaders } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A story save: uses the 30 s save timeout instead of the 10 s default. */
    save?: boolean;
    /** Do not call the client's onApiError for this request (the caller reacts itself). */
    silent?: boolean;
  }
}

/** Spread into a request config for a save-type call: `client.post(url, body, SAVE_REQUEST)`. */
export const SAVE_REQUEST = { save: true, timeout: TIMEOUTS.saveMs } as const;

export interface ApiClientOptions {
  /** Default '/api'. */
  baseURL?: string;
  /** App id sent as `aid`; omitted from requests when not given. */
  aid?: number;
  /**
   * Default: the UI's language (setClientLanguage, set by the ui-kit's i18n), else the browser's; reduced (see
   * reduceLanguage); 'en' outside a browser.
   */
  language?: string;
  /** Called once for every failed request (unless the request sets `silent: true`). */
  onApiError?: (e: ApiError) => void;
}

export interface CommonQuery {
  version_code: number;
  device_platform: string;
  pkg_type: string;
  language: string;
  aid?: number;
}

function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

let uiLanguage: string | undefined;

/** The language the user reads the UI in; every request then sends it (reduced) as `language`. */
export function setClientLanguage(language: string | undefined): void {
  uiLanguage = language;
}

/** The common query parameters of spec section 7, sent on every request. */
export function commonQuery(options: Pick<ApiClientOptions, 'aid' | 'language'> = {}): CommonQuery {
  const q: CommonQuery = {
    version_code: ENV_VALUES.version_code,
    device_platform: ENV_VALUES.device_platform,
    pkg_type: ENV_VALUES.pkg_type,
    language: reduceLanguage(options.language ?? uiLanguage ?? browserLanguage()),
  };
  if (options.aid !== undefined) q.aid = options.aid;
  return q;
}

interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  config?: AxiosRequestConfig;
  response?: AxiosResponse;
}

/** axios's own check, without loading axios: its errors carry `isAxiosError: true`. */
function isAxiosLikeError(err: unknown): err is AxiosLikeError {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Turns any failure of an axios call into an ApiError with the spec's code. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isAxiosLikeError(err)) {
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      return new ApiError(ErrorCode.Timeout, errorMessage(ErrorCode.Timeout));
    }
    const res = err.response;
    if (!res) return new ApiError(ErrorCode.BackendNetworkError, UI_MESSAGES.networkError);
    if (isEnvelope(res.data) && res.data.status_code !== ErrorCode.Success) {
      return new ApiError(res.data.status_code, res.data.status_message, res.data.data);
    }
    if (res.status >= 500) return new ApiError(ErrorCode.BackendNetworkError, UI_MESSAGES.serverError);
    return new ApiError(ErrorCode.BusinessError, `${UI_MESSAGES.requestFailed} (HTTP ${res.status})`);
  }
  const message = err instanceof Error ? err.message : UI_MESSAGES.unknownError;
  return new ApiError(ErrorCode.Internal, message);
}

/** The settings every request starts from; a change (e.g. the base URL from `/remotes.json`) applies to later calls. */
export interface ApiClientDefaults {
  baseURL: string;
  timeout: number;
  withCredentials: boolean;
}

/** The part of axios's instance API the front ends use; each call loads axios on first use. */
export interface ApiClient {
  readonly defaults: ApiClientDefaults;
  request<T = unknown>(config: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
}

/**
 * Starts downloading the client's code (axios) before the first request needs it, so a page's first api call does
 * not wait for it; a failure is left to that call, which tries again.
 */
export function preloadApiClient(): void {
  import('axios').catch(() => undefined);
}

interface EarlyAnswer {
  status: number;
  data: unknown;
}

/** Early requests not yet claimed by a client call, by address and query (see requestKey). */
const earlyAnswers = new Map<string, Promise<EarlyAnswer | null>>();

/** An unclaimed early answer is dropped after this long: a later call must read fresh data. */
const EARLY_ANSWER_TTL_MS = 30_000;

/** The address of a GET with its query in a stable order (what decides that an early request is the same call). */
function requestKey(baseURL: string, url: string, params: Record<string, unknown>): string {
  const query = Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}?${query}`;
}

function takeEarlyAnswer(key: string): Promise<EarlyAnswer | null> | undefined {
  const pending = earlyAnswers.get(key);
  earlyAnswers.delete(key);
  return pending;
}

/**
 * Starts a GET that a page is about to make through its client (same address, same parameters; the common query,
 * cookies and extra headers are the client's), before the page's code has arrived: the shell asks for `/play`'s
 * first stories while the player's code downloads. The page's call then takes this answer instead of asking again;
 * an answer that failed is not taken (the call asks itself). Each answer is taken once, and only within 30 s.
 */
export function prefetchGet(url: string, params: Record<string, string | number>, options: Pick<ApiClientOptions, 'baseURL' | 'aid'> = {}): void {
  if (typeof fetch !== 'function') return;
  const key = requestKey(options.baseURL ?? '/api', url, { ...commonQuery(options), ...params });
  if (earlyAnswers.has(key)) return;
  const answer = fetch(key, {
    credentials: 'include',
    headers: { Accept: 'application/json, text/plain, */*', ...envHeaders() },
    signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUTS.requestMs) : undefined,
  }).then(
    async (res): Promise<EarlyAnswer> => ({ status: res.status, data: (await res.json()) as unknown }),
    () => null,
  ).catch(() => null);
  earlyAnswers.set(key, answer);
  const expiry: unknown = setTimeout(() => {
    if (earlyAnswers.get(key) === answer) earlyAnswers.delete(key);
  }, EARLY_ANSWER_TTL_MS);
  // Outside a browser (tests) the timer must not keep the process alive.
  (expiry as { unref?: () => void }).unref?.();
}

/**
 * The API client every front end uses: common query params, cookies, the spec's timeouts, and envelope handling.
 * A response whose body is an envelope with a non-zero status_code rejects with an ApiError even on HTTP 200;
 * network failures reject with 1016 and timeouts with 1001.
 *
 * axios is loaded with the first request rather than with the page: the client is created when a page starts,
 * and keeping axios out of the first paint is what keeps the shell within its size budget.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const defaults: ApiClientDefaults = {
    baseURL: options.baseURL ?? '/api',
    timeout: TIMEOUTS.requestMs,
    withCredentials: true,
  };

  const report = (e: ApiError, silent: boolean | undefined): ApiError => {
    if (!silent && options.onApiError) {
      try {
        options.onApiError(e);
      } catch {
        // A failing reaction (e.g. a toast) must not replace the request's own error.
      }
    }
    return e;
  };

  /** What every successful answer goes through, from axios or from an early request (see prefetchGet). */
  const checkAnswer = async <R extends AxiosResponse>(res: R): Promise<R> => {
    const body: unknown = res.data;
    if (isEnvelope(body) && body.status_code !== ErrorCode.Success) {
      throw report(new ApiError(body.status_code, body.status_message, body.data), res.config.silent);
    }
    // Development builds and tests check every answer against its contract, so drift between the api and
    // a front end fails where it starts; production builds leave the check (and zod) out.
    if (process.env.NODE_ENV !== 'production' && isEnvelope(body)) {
      // Inside the guard, so a production build has no chunk for the contracts at all.
      const { contractProblem } = await import('./contracts');
      const method = (res.config.method ?? 'get').toUpperCase();
      const url = (res.config.url ?? '').split('?')[0];
      const problem = contractProblem(method, url ?? '', body.data);
      if (problem) {
        const message = `The answer of ${method} ${url} breaks its contract: ${problem}`;
        throw report(new ApiError(ErrorCode.Internal, message), res.config.silent);
      }
    }
    return res;
  };

  /** The answer of an early request for exactly this GET (same address, same query), if one was started. */
  const earlyAnswer = async <T>(config: AxiosRequestConfig): Promise<AxiosResponse<T> | null> => {
    if ((config.method ?? 'get').toLowerCase() !== 'get' || !config.url || config.signal) return null;
    const params = { ...commonQuery(options), ...(config.params as Record<string, unknown> | undefined) };
    const pending = takeEarlyAnswer(requestKey(config.baseURL ?? defaults.baseURL, config.url, params));
    const answer = pending ? await pending : null;
    // A failed or refused early request is not an answer: the call is then made as usual (and reports as usual).
    if (!answer || answer.status < 200 || answer.status >= 300) return null;
    const res = { data: answer.data as T, status: answer.status, statusText: '', headers: {}, config: { ...config, params } };
    return checkAnswer(res as AxiosResponse<T>);
  };

  let instance: Promise<AxiosInstance> | null = null;
  const load = (): Promise<AxiosInstance> => {
    instance ??= import('axios').then(
      ({ default: axios, AxiosHeaders }) => {
        const client = axios.create();
        client.interceptors.request.use((config) => {
          // Per-request params win over the common ones, so a caller can override language for one call.
          config.params = {
            ...commonQuery(options),
            ...(config.params as Record<string, unknown> | undefined),
          };
          if (config.save && (config.timeout === undefined || config.timeout === TIMEOUTS.requestMs)) {
            config.timeout = TIMEOUTS.saveMs;
          }
          const extra = envHeaders();
          if (Object.keys(extra).length > 0) {
            const headers = AxiosHeaders.from(config.headers);
            for (const [k, v] of Object.entries(extra)) headers.set(k, v);
            config.headers = headers;
          }
          return config;
        });
        client.interceptors.response.use(
          checkAnswer,
          (err: unknown) => {
            const silent = isAxiosLikeError(err) ? err.config?.silent : undefined;
            return Promise.reject(report(toApiError(err), silent));
          },
        );
        return client;
      },
      (err: unknown) => {
        // The script could not be fetched (offline, or a deploy replaced it): the next call tries again.
        instance = null;
        throw err;
      },
    );
    return instance;
  };

  const request = async <T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> => {
    const early = await earlyAnswer<T>(config);
    if (early) return early;
    let client: AxiosInstance;
    try {
      client = await load();
    } catch {
      throw report(new ApiError(ErrorCode.BackendNetworkError, UI_MESSAGES.networkError), config.silent);
    }
    return client.request<T>({
      baseURL: defaults.baseURL,
      timeout: defaults.timeout,
      withCredentials: defaults.withCredentials,
      ...config,
    });
  };

  return {
    defaults,
    request,
    get: (url, config) => request({ ...config, method: 'get', url }),
    delete: (url, config) => request({ ...config, method: 'delete', url }),
    post: (url, data, config) => request({ ...config, method: 'post', url, data }),
    put: (url, data, config) => request({ ...config, method: 'put', url, data }),
    patch: (url, data, config) => request({ ...config, method: 'patch', url, data }),
  };
}

/**
 * Resolves the envelope's `data` of a successful call. A body that is not an envelope rejects with 1002 instead of
 * handing the caller an unexpected shape.
 */
export async function unwrap<T>(promise: Promise<AxiosResponse<Envelope<T>>>): Promise<T> {
  const res = await promise;
  const body: unknown = res.data;
  if (!isEnvelope(body)) throw new ApiError(ErrorCode.Internal, 'Unexpected response from the server');
  if (body.status_code !== ErrorCode.Success)
    throw new ApiError(body.status_code, body.status_message, body.data);
  return body.data as T;
}

/**
 * Extra query values the spec adds to story create/get and plan generate calls; empty strings outside a browser.
 */
export function browserQuery(aid?: number): Record<string, string | number | boolean> {
  const hasWindow = typeof window !== 'undefined';
  const q: Record<string, string | number | boolean> = {
    referer: hasWindow ? window.location.href : '',
    user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    device_platform: ENV_VALUES.device_platform,
    cookie_enabled: typeof navigator === 'undefined' ? false : navigator.cookieEnabled,
    screen_width: hasWindow ? window.screen.width : 0,
    screen_height: hasWindow ? window.screen.height : 0,
    browser_language: browserLanguage() ?? '',
  };
  if (aid !== undefined) q.aid = aid;
  return q;
}
