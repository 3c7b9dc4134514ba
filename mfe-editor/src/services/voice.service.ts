import { unwrap, type Envelope, type UgcVoice, type UgcVoiceCategories, type UgcVoiceConf, type UgcVoiceList, type UgcVoiceTag } from 'shared-kit';
import { apiClient } from '../api/client';

/** Custom voices (`/editor/ugc_voice/*`). Calls that a form shows the error of are silent. */

export const voiceConf = (): Promise<UgcVoiceConf> => unwrap(apiClient.get<Envelope<UgcVoiceConf>>('/editor/ugc_voice/conf'));

export const voiceCategories = (): Promise<UgcVoiceCategories> => unwrap(apiClient.get<Envelope<UgcVoiceCategories>>('/editor/ugc_voice/category'));

export function listVoices(query: { scope: 'mine' | 'public'; keyword?: string; cursor?: number }): Promise<UgcVoiceList> {
  return unwrap(apiClient.get<Envelope<UgcVoiceList>>('/editor/ugc_voice/list', { params: query }));
}

/** One voice (the owner's, whatever its status; another's only when public and Normal). */
export async function getVoice(voiceId: string): Promise<UgcVoice> {
  return (await unwrap(apiClient.get<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/get', { params: { voice_id: voiceId } }))).voice;
}

export interface NewVoice {
  name: string;
  language: string;
  tags: UgcVoiceTag[];
  pitch: number;
  speed: number;
  privacy: 'Privacy' | 'Public';
  text_id: string;
  source: 'record' | 'upload';
}

/** Checking a minute of audio (and asking a recogniser) takes longer than the default timeout. */
const CREATE_TIMEOUT_MS = 120_000;

export async function createVoice(audio: Blob, fields: NewVoice): Promise<UgcVoice> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('language', fields.language);
  form.append('tags', fields.tags.map((t) => `${t.category}:${t.value}`).join(','));
  form.append('pitch', String(fields.pitch));
  form.append('speed', String(fields.speed));
  form.append('privacy', fields.privacy);
  form.append('text_id', fields.text_id);
  form.append('source', fields.source);
  form.append('audio', audio, fields.source === 'record' ? 'recording.webm' : 'upload');
  const data = await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/create', form, { silent: true, timeout: CREATE_TIMEOUT_MS }));
  return data.voice;
}

export interface MixBody {
  name: string;
  mix_speakers: Array<{ voice_id: string; factor: number }>;
  privacy: 'Privacy' | 'Public';
}

export async function mixVoices(body: MixBody): Promise<UgcVoice> {
  return (await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/mix', body, { silent: true, timeout: CREATE_TIMEOUT_MS }))).voice;
}

export interface VoiceChange {
  voice_id: string;
  name?: string;
  tags?: UgcVoiceTag[];
  pitch?: number;
  speed?: number;
  privacy?: 'Privacy' | 'Public';
  status?: 'Deleted';
}

export async function updateVoice(change: VoiceChange): Promise<UgcVoice> {
  return (await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/update', change, { silent: true }))).voice;
}
