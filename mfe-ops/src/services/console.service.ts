import { unwrap, type Envelope, type OpsMailRequest, type OpsPushRequest, type OpsStats } from 'shared-kit';
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

export function fetchStats(): Promise<OpsStats> {
  return unwrap(apiClient.get<Envelope<OpsStats>>('/ops/stats'));
}

export function sendMail(input: OpsMailRequest): Promise<MailSent> {
  return unwrap(apiClient.post<Envelope<MailSent>>('/ops/mail/send', input));
}

export function sendPush(input: OpsPushRequest): Promise<PushSent> {
  return unwrap(apiClient.post<Envelope<PushSent>>('/ops/push/send', input));
}
