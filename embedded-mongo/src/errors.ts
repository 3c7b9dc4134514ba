/** MongoDB server error codes used by this server, with their canonical code names. */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotCreateIndex: 67,
  OperationFailed: 96,
  InvalidIdField: 53,
  DollarPrefixedFieldName: 52,
  DocumentValidationFailure: 121,
  CommandNotSupportedOnView: 166,
  OptionNotSupportedOnView: 167,
  InvalidPipelineOperator: 168,
  GraphContainsCycle: 5,
  MergeStageNoMatchingDocument: 13113,
  Location31252: 31252,
  Location31253: 31253,
  Location31254: 31254,
  Location31310: 31310,
  Location51132: 51132,
  Location51178: 51178,
  Location51183: 51183,
  Location51186: 51186,
  Location51199: 51199,
  Location51246: 51246,
  QueryFeatureNotAllowed: 224,
  Location40414: 40414,
  Location40415: 40415,
  DuplicateKey: 11000,
  BSONObjectTooLarge: 10334,
  Location40352: 40352,
  NoQueryExecutionPlans: 291,
  ChangeStreamHistoryLost: 286,
  NoMatchingDocument: 47,
  ChangeStreamFatalError: 280,
  InvalidResumeToken: 260,
  Location40324: 40324,
  Location40573: 40573,
  Location40674: 40674,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/** An error that becomes a `{ ok: 0, errmsg, code, codeName }` reply (or a write error entry). */
export class MongoServerError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields merged into the error document (e.g. keyPattern/keyValue for duplicate keys). */
  readonly extra: Record<string, unknown>;

  constructor(codeName: ErrorCodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.codeName = codeName;
    this.code = ErrorCodes[codeName];
    this.extra = extra;
  }

  toDocument(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The shape used inside `writeErrors` arrays. */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, codeName: this.codeName, errmsg: this.message, ...this.extra };
  }
}

export function fail(codeName: ErrorCodeName, message: string, extra?: Record<string, unknown>): never {
  throw new MongoServerError(codeName, message, extra);
}

/** Converts anything thrown while running a command into a server error; unknown errors become InternalError. */
export function toServerError(err: unknown): MongoServerError {
  if (err instanceof MongoServerError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // mingo reports bad operators and arguments through plain errors; MongoDB calls those BadValue.
  if (err instanceof Error && err.constructor.name === 'MingoError') {
    // No geo index can exist here, and server-side JavaScript is off: MongoDB's answers for those.
    if (/unknown query operator \$(near|nearSphere|geoNear)\b/.test(message)) {
      return new MongoServerError('NoQueryExecutionPlans', 'error processing query: planner returned error :: caused by :: unable to find index for $geoNear query');
    }
    if (/^\$where /.test(message)) return new MongoServerError('BadValue', 'no globalScriptEngine in $where parsing');
    return new MongoServerError('BadValue', message);
  }
  return new MongoServerError('InternalError', message);
}
