import { createApiClient, type ApiError } from 'shared-kit';
import { FIELD_ERROR_CODES, STALE_SAVE_CODE } from '../lib/errors';
import { shellReacts } from 'shared-kit';

/** Codes the editor answers itself: field errors go on their fields, a stale save offers a reload. */
const HANDLED_HERE = new Set<number>([...FIELD_ERROR_CODES, STALE_SAVE_CODE]);

/** The remote's one API client; login, region, ban and no-access codes go to the shell's reaction. */
export const apiClient = createApiClient({
  onApiError: (error: ApiError) => {
    if (!HANDLED_HERE.has(error.code)) shellReacts(error);
  },
});
