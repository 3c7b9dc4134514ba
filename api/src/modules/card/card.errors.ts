import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';

/** Why a card file was refused; sent as `data.reason` so a client can pick its own wording. */
export type CardRefusal =
  | 'format'
  | 'size'
  | 'truncated'
  | 'damaged'
  | 'no_card'
  | 'json'
  | 'shape'
  | 'zip_bomb'
  | 'zip_path'
  | 'zip_entries';

/** A card file that cannot be read: a parameter error (1009) whose message names the file and what is wrong. */
export class CardError extends AppError {
  readonly reason: CardRefusal;
  constructor(reason: CardRefusal, detail: string) {
    super(ErrorCode.ClientParamError, `file: ${detail}`, { data: { reason } });
    this.reason = reason;
  }
}

export const MB = 1024 * 1024;

/**
 * Bounds of an import. A card file (PNG, JSON or CHARX) is at most 8 MB as sent; a CHARX may unpack to at most
 * 32 MB in all (a zip bomb stops there, counted on the bytes actually inflated, not on what the zip claims), with at
 * most 500 entries; its card.json is at most 4 MB, as is the card text inside a PNG.
 */
export const CARD_LIMITS = {
  fileBytes: 8 * MB,
  charxUnpackedBytes: 32 * MB,
  charxEntries: 500,
  cardJsonBytes: 4 * MB,
} as const;

export function mbText(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}
