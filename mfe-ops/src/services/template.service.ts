import { unwrap, type Envelope, type TemplateWhiteListEntry } from 'shared-kit';
import { apiClient } from '../api/client';

/** The creators on the template whitelist, newest first. */
export function fetchTemplateWhiteList(): Promise<{ list: TemplateWhiteListEntry[] }> {
  return unwrap(apiClient.get<Envelope<{ list: TemplateWhiteListEntry[] }>>('/ops/template/white_list'));
}

/** Puts a creator (uid or User ID) on the whitelist or takes them off it; audited by the api. */
export function changeTemplateWhiteList(user: string, allow: boolean): Promise<{ uid: string; nickname: string; in_white_list: boolean }> {
  return unwrap(apiClient.post<Envelope<{ uid: string; nickname: string; in_white_list: boolean }>>('/ops/template/white_list', { user, allow }));
}
