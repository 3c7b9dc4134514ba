import { unwrap, type Envelope, type MyReport, type MyReportsQuery, type ReportConfig, type ReportDraft } from 'shared-kit';
import { REPORT_ID_FIELD, type ReportTarget } from 'shared-kit/areas';
import { apiClient } from '../api/client';

let config: Promise<ReportConfig> | null = null;

/** The reasons and parts per kind of target; read once per page load. */
export function reportConfig(): Promise<ReportConfig> {
  config ??= unwrap(apiClient.get<Envelope<ReportConfig>>('/report/config')).catch((err: unknown) => {
    config = null;
    throw err;
  });
  return config;
}


export function sendReport(type: ReportTarget, targetId: string, draft: ReportDraft): Promise<{ report_id: string; status: string }> {
  return unwrap(apiClient.post<Envelope<{ report_id: string; status: string }>>(`/report/${type}`, { [REPORT_ID_FIELD[type]]: targetId, ...draft }));
}

export function myReports(offset: number): Promise<{ list: MyReport[]; has_more: boolean; next_offset: number }> {
  return unwrap(apiClient.get<Envelope<{ list: MyReport[]; has_more: boolean; next_offset: number }>>('/report/story_list', { params: { offset, count: 20 } satisfies MyReportsQuery }));
}
