import { unwrap, type Envelope, type OpsMailRequest, type OpsPushRequest, type OpsStatsQuery, type OpsStats } from 'shared-kit';
import { apiClient } from '../api/client';

/** Who a mail or push goes to: the contract's `to`. */
export type Recipients = OpsMailRequest['to'];

export interface MailSent {
  mail_id: string;
  sent: number;
  unknown: string[];
}

export interface PushSent {
  push_id: string;
  push_type: string;
  accounts: number | null;
  unknown: string[];
}

/** The dashboard's figures over the last `days` days (7, 30 or 90). */
export function fetchStats(days = 30): Promise<OpsStats> {
  return unwrap(apiClient.get<Envelope<OpsStats>>('/ops/stats', { params: { days } satisfies OpsStatsQuery }));
}

/** The items waiting now in each queue (the navigation's badges): the dashboard's shortest range. */
export async function fetchWaiting(): Promise<Record<'review' | 'report' | 'appeal', number>> {
  const stats = await fetchStats(7);
  return {
    review: stats.queues.review.now,
    report: stats.queues.report.now,
    appeal: stats.queues.appeal.now,
  };
}

export function sendMail(input: OpsMailRequest): Promise<MailSent> {
  return unwrap(apiClient.post<Envelope<MailSent>>('/ops/mail/send', input));
}

export function sendPush(input: OpsPushRequest): Promise<PushSent> {
  return unwrap(apiClient.post<Envelope<PushSent>>('/ops/push/send', input));
}
