import { unwrap, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

export interface AdStart {
  token: string;
  min_watch_ms: number;
  placement: string;
}

export function fetchAdsConfig(): Promise<{ reward_chats: number; views_per_day: number; min_watch_ms: number }> {
  return unwrap(apiClient.get<Envelope<{ reward_chats: number; views_per_day: number; min_watch_ms: number }>>('/ads/config'));
}

export function startAd(): Promise<AdStart> {
  return unwrap(apiClient.post<Envelope<AdStart>>('/ads/start', { placement: 'chat_limit' }));
}

export function claimReward(token: string): Promise<{ reward_chats: number; views_left: number }> {
  return unwrap(apiClient.post<Envelope<{ reward_chats: number; views_left: number }>>('/ads/reward', { token }));
}
