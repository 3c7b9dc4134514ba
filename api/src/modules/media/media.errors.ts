import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';

/** Why an upload was refused; sent as `data.reason` so a client can pick its own wording. */
export type UploadRefusal = 'format' | 'resolution' | 'aspect_ratio' | 'size';

/**
 * The spec's upload messages ("upload failed: unsupported format, resolution, aspect ratio or size"), all under the
 * catalogue's image-format code so one client branch handles every refused picture.
 */
export function uploadRefused(reason: UploadRefusal, detail: string): AppError {
  const heads: Record<UploadRefusal, string> = {
    format: 'Upload failed: unsupported format',
    resolution: 'Upload failed: unsupported resolution',
    aspect_ratio: 'Upload failed: unsupported aspect ratio',
    size: 'Upload failed: file too large',
  };
  return new AppError(ErrorCode.AvatarFormatError, `${heads[reason]}. ${detail}`, { data: { reason } });
}
