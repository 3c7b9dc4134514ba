import { unwrap, type Envelope, type MixBody, type NewVoice, type UgcVoice, type UgcVoiceCategories, type UgcVoiceConf, type UgcVoiceList, type VoiceChange, type VoiceIdQuery, type VoiceListQuery } from 'shared-kit';
import { newVoiceFields } from 'shared-kit/areas';
import { apiClient } from '../api/client';

/** Custom voices (`/editor/ugc_voice/*`). Calls that a form shows the error of are silent. */

export const voiceConf = (): Promise<UgcVoiceConf> => unwrap(apiClient.get<Envelope<UgcVoiceConf>>('/editor/ugc_voice/conf'));

export const voiceCategories = (): Promise<UgcVoiceCategories> => unwrap(apiClient.get<Envelope<UgcVoiceCategories>>('/editor/ugc_voice/category'));

export function listVoices(query: VoiceListQuery): Promise<UgcVoiceList> {
  return unwrap(apiClient.get<Envelope<UgcVoiceList>>('/editor/ugc_voice/list', { params: query }));
}

/** One voice (the owner's, whatever its status; another's only when public and Normal). */
export async function getVoice(voiceId: string): Promise<UgcVoice> {
  return (await unwrap(apiClient.get<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/get', { params: { voice_id: voiceId } satisfies VoiceIdQuery }))).voice;
}

export type { VoiceChange };

/** Checking a minute of audio (and asking a recogniser) takes longer than the default timeout. */
const CREATE_TIMEOUT_MS = 120_000;

export async function createVoice(audio: Blob, fields: NewVoice): Promise<UgcVoice> {
  const form = new FormData();
  for (const [key, value] of Object.entries(newVoiceFields(fields))) form.append(key, value);
  form.append('audio', audio, fields.source === 'record' ? 'recording.webm' : 'upload');
  const data = await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/create', form, { silent: true, timeout: CREATE_TIMEOUT_MS }));
  return data.voice;
}

export async function mixVoices(body: MixBody): Promise<UgcVoice> {
  return (await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/mix', body, { silent: true, timeout: CREATE_TIMEOUT_MS }))).voice;
}

export async function updateVoice(change: VoiceChange): Promise<UgcVoice> {
  return (await unwrap(apiClient.post<Envelope<{ voice: UgcVoice }>>('/editor/ugc_voice/update', change, { silent: true }))).voice;
}
