import { ErrorCode, type ErrorCodeName } from './error-codes';
import { ERROR_MESSAGES } from './error-messages';

export { ErrorCode, type ErrorCodeName } from './error-codes';
export { ERROR_MESSAGES, UI_MESSAGES } from './error-messages';

export interface ErrorCatalogueEntry {
  name: string;
  message: string;
}

function buildCatalogue(): Record<number, ErrorCatalogueEntry> {
  const out: Record<number, ErrorCatalogueEntry> = {};
  for (const name of Object.keys(ErrorCode) as ErrorCodeName[]) {
    const code = ErrorCode[name];
    // Aliases share a number (RiskBan / SwipeOut); the later name is the one the reaction table uses, so it wins.
    out[code] = { name, message: ERROR_MESSAGES[name] };
  }
  return out;
}

/** Every known code with its name and English user message. */
export const ERROR_CATALOGUE: Readonly<Record<number, ErrorCatalogueEntry>> = Object.freeze(buildCatalogue());

export const GENERIC_ERROR_MESSAGE = 'Request failed';

/** The user message for a code; unknown codes get a generic message rather than an empty toast. */
export function errorMessage(code: number): string {
  return ERROR_CATALOGUE[code]?.message ?? GENERIC_ERROR_MESSAGE;
}

/** The catalogue name of a code, or undefined when the code is not in the spec. */
export function errorName(code: number): string | undefined {
  return ERROR_CATALOGUE[code]?.name;
}

/** A failed API call: the envelope's status_code and status_message, plus its data when the server sent any. */
export class ApiError extends Error {
  readonly code: number;
  readonly statusMessage: string;
  readonly data?: unknown;

  constructor(code: number, statusMessage?: string, data?: unknown) {
    const message = statusMessage && statusMessage.length > 0 ? statusMessage : errorMessage(code);
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusMessage = message;
    if (data !== undefined) this.data = data;
    // Keeps `instanceof` working when compiled to ES5-style classes by some bundlers.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * Structural check as well as instanceof: with module federation a second copy of this package can exist, and its
 * ApiError class is then a different constructor.
 */
export function isApiError(e: unknown): e is ApiError {
  if (e instanceof ApiError) return true;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'ApiError' &&
    typeof (e as { code?: unknown }).code === 'number' &&
    typeof (e as { statusMessage?: unknown }).statusMessage === 'string'
  );
}
