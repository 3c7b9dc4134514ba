import { unwrap, type Envelope, type OpsIdentityAccount } from 'shared-kit';
import { apiClient } from '../api/client';

/** An account's certification (never the number) and its play-time counters. */
export function fetchIdentity(uid: string): Promise<OpsIdentityAccount> {
  return unwrap(apiClient.get<Envelope<OpsIdentityAccount>>('/ops/identity/account', { params: { uid } }));
}

/** Resets the day's verification and passcode attempts (audited with the reason). */
export function resetIdentityAttempts(uid: string, reason: string): Promise<OpsIdentityAccount> {
  return unwrap(apiClient.post<Envelope<OpsIdentityAccount>>('/ops/identity/reset_attempts', { uid, reason }));
}
