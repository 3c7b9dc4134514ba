import { createApiClient, shellReacts, type ApiError } from 'shared-kit';

/** The console's one API client; codes the pages do not answer themselves go to the shell's reaction. */
export const apiClient = createApiClient({
  onApiError: (error: ApiError) => {
    shellReacts(error);
  },
});
