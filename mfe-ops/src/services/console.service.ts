import { unwrap, type Envelope, type OpsStats } from 'shared-kit';
import { apiClient } from '../api/client';

export type Recipients = 'user' | 'list' | 'all';

export interface SendInput {
  to: Recipients;
  users: string[];
  title: string;
  text: string;
  link?: string;
}

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

export function sendMail(input: SendInput): Promise<MailSent> {
  return unwrap(apiClient.post<Envelope<MailSent>>('/ops/mail/send', input));
}

export function sendPush(input: SendInput & { push_type: string }): Promise<PushSent> {
  return unwrap(apiClient.post<Envelope<PushSent>>('/ops/push/send', input));
}
