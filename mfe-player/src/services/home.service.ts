import { unwrap, type Envelope, type HomeContent, type TopicDetail, type TopicDetailQuery } from 'shared-kit';
import { apiClient } from '../api/client';

/** The banners and topics the viewer may see on the home now (Testing ones only for whitelisted accounts). */
export function homeContent(): Promise<HomeContent> {
  return unwrap(apiClient.get<Envelope<HomeContent>>('/activity/home', { silent: true }));
}

/** A topic and the cards of its live stories; a topic the viewer may not see is refused (1020109). */
export function topicDetail(topicId: string): Promise<TopicDetail> {
  return unwrap(apiClient.get<Envelope<TopicDetail>>('/activity/topic/detail', { params: { topic_id: topicId } satisfies TopicDetailQuery, silent: true }));
}
