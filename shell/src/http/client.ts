import { createApiClient, type ApiError } from 'shared-kit';
import { DEFAULT_API_BASE, loadRemotesConfig } from '../remotes/config';

export type ApiClient = ReturnType<typeof createApiClient>;

type ApiErrorHandler = (error: ApiError) => void;

let handler: ApiErrorHandler | null = null;

/** Installs the reaction to failed calls (spec §8); the app does it once its router exists. */
export function setApiErrorHandler(next: ApiErrorHandler | null): void {
  handler = next;
}

/** The shell's one API client. Errors before a handler is installed are still returned to the caller. */
export const apiClient: ApiClient = createApiClient({
  baseURL: DEFAULT_API_BASE,
  onApiError: (error) => handler?.(error),
});

let baseReady: Promise<ApiClient> | null = null;

/**
 * The client once `/remotes.json` has said where the API lives. When that file is unavailable the default `/api`
 * is used, so login checks still work while the remotes are down.
 */
export function api(): Promise<ApiClient> {
  baseReady ??= loadRemotesConfig().then(
    (config) => {
      apiClient.defaults.baseURL = config.apiBase;
      return apiClient;
    },
    () => {
      // Retry the config next time: a later call may find the server back.
      baseReady = null;
      return apiClient;
    },
  );
  return baseReady;
}
