import { unwrap, type Certification, type CertifyIdentityRequest, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

const BASE = '/tyler/user';

export function fetchCertification(): Promise<Certification> {
  return unwrap(apiClient.get<Envelope<Certification>>(`${BASE}/check_certification`));
}

export function certifyIdentity(input: CertifyIdentityRequest): Promise<Certification> {
  return unwrap(apiClient.post<Envelope<Certification>>(`${BASE}/certify_identity`, input));
}

export function setPasscode(passcode: string): Promise<Certification> {
  return unwrap(apiClient.post<Envelope<Certification>>(`${BASE}/teen_mode/passcode/set`, { passcode }));
}

export function changePasscode(passcode: string, next: string): Promise<Certification> {
  return unwrap(apiClient.post<Envelope<Certification>>(`${BASE}/teen_mode/passcode/change`, { passcode, new_passcode: next }));
}

/** Turns youth mode off with the parental passcode. */
export function unlockWithPasscode(passcode: string): Promise<Certification> {
  return unwrap(apiClient.post<Envelope<Certification>>(`${BASE}/teen_mode/passcode/disable`, { passcode }));
}

export interface RegionNotice {
  region: 'BR' | 'ID' | null;
  feedback_link: string;
}

export function fetchRegionNotice(): Promise<RegionNotice> {
  return unwrap(apiClient.get<Envelope<RegionNotice>>(`${BASE}/region_notice`));
}

export function markRegionNoticeSeen(region: 'BR' | 'ID'): Promise<RegionNotice> {
  return unwrap(apiClient.post<Envelope<RegionNotice>>(`${BASE}/region_notice/seen`, { region }));
}
