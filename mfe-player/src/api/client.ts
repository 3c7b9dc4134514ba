import { createApiClient, ErrorCode, type ApiError } from 'shared-kit';
import { shellReacts } from 'shared-kit';

/**
 * Codes the player answers itself (the log-in prompt, inline messages beside the input, the limit banner) rather
 * than through the shell's toast.
 */
const HANDLED_HERE = new Set<number>([
  ErrorCode.NeedLogin,
  ErrorCode.ClientParamError,
  ErrorCode.InputLimit,
  ErrorCode.SecurityFail,
  ErrorCode.MessageLimitReached,
  ErrorCode.ConcurrentOperation,
]);

/** The remote's one API client: same base, common query and envelope handling as every app. */
export const apiClient = createApiClient({
  onApiError: (error: ApiError) => {
    if (!HANDLED_HERE.has(error.code)) shellReacts(error);
  },
});
