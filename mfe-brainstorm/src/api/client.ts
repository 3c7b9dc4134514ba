import { createApiClient, ErrorCode, shellReacts, type ApiError } from 'shared-kit';

/** Codes this remote answers itself: field errors, the quota modals and the idea's safety review. */
const HANDLED_HERE = new Set<number>([
  ErrorCode.ClientParamError,
  ErrorCode.NoQuota,
  ErrorCode.NoStoryQuota,
  ErrorCode.TextRiskNotPassed,
  ErrorCode.WrongStatusChange,
]);

/** The remote's one API client; other codes go to the shell's reaction (login, region, bans). */
export const apiClient = createApiClient({
  onApiError: (error: ApiError) => {
    if (!HANDLED_HERE.has(error.code)) shellReacts(error);
  },
});
