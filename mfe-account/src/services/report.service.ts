import { unwrap, type Envelope, type MyReport, type MyReportsQuery } from 'shared-kit';
import { apiClient } from '../api/client';

export function fetchMyReports(offset = 0): Promise<{ list: MyReport[]; has_more: boolean; next_offset: number }> {
  return unwrap(apiClient.get<Envelope<{ list: MyReport[]; has_more: boolean; next_offset: number }>>('/report/story_list', { params: { offset, count: 20 } satisfies MyReportsQuery }));
}
