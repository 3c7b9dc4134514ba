import { useState } from 'react';
import { ErrorCode, goToLogin, shellToast } from 'shared-kit';
import { messageForError } from 'ui-kit';
import { errorCode } from '../../lib/errors';

/**
 * An action a page offers to signed-in people (like, follow): a visitor goes to sign in; while it runs `busy` is
 * true; a session that ended on the way goes to sign in, any other refusal is a toast with its words.
 */
export function useSignedInAction(signedIn: boolean): {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  act: (work: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  async function act(work: () => Promise<void>): Promise<void> {
    if (!signedIn) return goToLogin();
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (errorCode(error) === ErrorCode.NeedLogin) goToLogin();
      else shellToast({ type: 'error', message: messageForError(error) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, setBusy, act };
}
