// The media module's face: what other modules may use. Everything else in this folder is its own.
export { uploadRefused } from './media.errors';
export { declaredTooLarge, parseMultipart } from './media.multipart';
export { MEDIA_RULES, type MediaUse } from './media.rules';
export type { UploadedMedia as UploadResult } from 'shared-kit';
export { uploadImage } from './media.service';
export { findMedia, openMedia } from './media.store';
export { GENERATE_SIZES, type GenerateUse } from './generate.sizes';
