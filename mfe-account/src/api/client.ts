import { createApiClient, ErrorCode, type ApiError } from 'shared-kit';
import { shellReacts } from 'shared-kit';

/** Codes this remote answers itself (inline messages, the log-in prompt) rather than through the shell. */
const HANDLED_HERE = new Set<number>([ErrorCode.NeedLogin, ErrorCode.ClientParamError]);

/**
 * The remote's one API client: same base, common query and envelope handling as every app. Region, ban and
 * swipe-out codes go to the shell's reaction; login and field errors stay with the page that made the call.
 */
export const apiClient = createApiClient({
  onApiError: (error: ApiError) => {
    if (!HANDLED_HERE.has(error.code)) shellReacts(error);
  },
});
