import { unwrap, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';
import type { Bgm, GeneratedImage, GenerateImageBody, ImageStyle, LanguageDubbings, MediaUse, UploadedMedia } from '../api/types';

export async function dubbingList(): Promise<LanguageDubbings[]> {
  const data = await unwrap(
    apiClient.get<Envelope<{ language_dubbings: LanguageDubbings[] }>>('/editor/character/dubbing_list'),
  );
  return data.language_dubbings ?? [];
}

export async function bgmList(): Promise<Bgm[]> {
  const data = await unwrap(apiClient.get<Envelope<{ bgm_list: Bgm[] }>>('/editor/bgm_list'));
  return data.bgm_list ?? [];
}

export async function imageStyles(): Promise<ImageStyle[]> {
  const data = await unwrap(apiClient.get<Envelope<{ image_styles?: ImageStyle[] }>>('/tyler/user/common_config'));
  return data.image_styles ?? [];
}

/** Uploads a picture; the server checks its content, pixel size and shape for the use. Silent: the field shows why. */
export function upload(file: File, use: MediaUse): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('use', use);
  form.append('file', file);
  return unwrap(apiClient.post<Envelope<UploadedMedia>>('/editor/upload', form, { silent: true }));
}

/** A model may take a while to draw; the spec's 10 s default is too short for it. */
export const GENERATE_TIMEOUT_MS = 60_000;

/** Draws a picture from a prompt and stores it. Silent: the generator shows why it failed (quota, words, provider). */
export function generateImage(body: GenerateImageBody): Promise<GeneratedImage> {
  return unwrap(
    apiClient.post<Envelope<GeneratedImage>>('/editor/image/generate', body, { silent: true, timeout: GENERATE_TIMEOUT_MS }),
  );
}
