import { ErrorCode } from 'shared-kit';

export type ChatFailureKind = 'http' | 'timeout' | 'malformed' | 'empty' | 'aborted' | 'network';

/** The spec's code for each way a model answer can fail. */
const CODES: Record<ChatFailureKind, ErrorCode> = {
  http: ErrorCode.ModelServiceError,
  network: ErrorCode.ModelServiceError,
  timeout: ErrorCode.Timeout,
  malformed: ErrorCode.ModelStreamError,
  empty: ErrorCode.ModelFormatError,
  aborted: ErrorCode.ModelStreamError,
};

/** A model answer that could not be used; `code` is what the failed dialogue records. */
export class ChatFailure extends Error {
  readonly kind: ChatFailureKind;
  readonly code: ErrorCode;
  constructor(kind: ChatFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatFailure';
    this.kind = kind;
    this.code = CODES[kind];
  }
}
