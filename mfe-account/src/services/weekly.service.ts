import { unwrap, type Envelope, type FeedbackItem, type FeedbackSubmitRequest, type ShareInfo, type WeeklyReport } from 'shared-kit';
import { apiClient } from '../api/client';

export interface WeekPair {
  report: WeeklyReport | null;
  previous: WeeklyReport | null;
}

/** The caller's report of `week` (absent: the newest) and of the week before. */
export function fetchWeeklyReport(week?: string): Promise<WeekPair> {
  return unwrap(apiClient.get<Envelope<WeekPair>>('/weekly/report', { params: week ? { week } : {}, silent: true }));
}

/** The report's CreatorNewspaper link. */
export function shareWeeklyReport(week: string): Promise<ShareInfo> {
  return unwrap(apiClient.post<Envelope<ShareInfo>>('/weekly/share', { week }));
}

export interface FeedbackPage {
  list: FeedbackItem[];
  has_more: boolean;
  next_offset: number;
}

export function fetchMyFeedback(offset = 0): Promise<FeedbackPage> {
  return unwrap(apiClient.get<Envelope<FeedbackPage>>('/feedback/list', { params: { offset, count: 20 }, silent: true }));
}

export function submitFeedback(body: FeedbackSubmitRequest): Promise<FeedbackItem> {
  return unwrap(apiClient.post<Envelope<FeedbackItem>>('/feedback/submit', body));
}

/** Uploads a screenshot through the upload's checks; answers its id. */
export async function uploadScreenshot(file: File): Promise<string> {
  const form = new FormData();
  form.append('use', 'screenshot');
  form.append('file', file);
  const media = await unwrap(apiClient.post<Envelope<{ id: string }>>('/editor/upload', form));
  return media.id;
}
