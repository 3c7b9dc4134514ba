import { ErrorCode, errorMessage } from 'shared-kit';

export interface AppErrorOptions {
  /** HTTP status; handled outcomes stay 200 and carry their meaning in `status_code`. */
  status?: number;
  /** Extra payload for the client, sent as the envelope's `data`. */
  data?: unknown;
  /** Whether the error deserves an error-level log line (a server fault rather than a client mistake). */
  report?: boolean;
  cause?: unknown;
}

/** An expected failure with a stable code from the spec's catalogue; rendered by the error middleware. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: unknown;
  readonly report: boolean;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? errorMessage(code), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? 200;
    this.data = options.data;
    this.report = options.report ?? false;
  }
}

/** Field-level problem reported with a parameter error. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The parameter error (1009) naming the first bad field, with every issue in `data.errors`. */
export function paramError(issues: FieldIssue[]): AppError {
  const first = issues[0];
  const message = first ? `${first.path}: ${first.message}` : errorMessage(ErrorCode.ClientParamError);
  return new AppError(ErrorCode.ClientParamError, message, { data: { errors: issues } });
}
