import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { uploadRefused } from './media.errors';

export interface UploadedFile {
  data: Buffer;
  /** As the client named and typed it: logged, never trusted. */
  filename: string;
  declaredType: string;
}

export interface ParsedUpload {
  fields: Record<string, string>;
  file: UploadedFile;
}

export interface MultipartLimits {
  /** The file field's name. */
  fileField: string;
  maxFileBytes: number;
  /** The longest text field accepted (100 bytes unless given). */
  maxFieldBytes?: number;
}

/** Multipart framing around one file and a few short fields stays well under this. */
const FRAMING_ALLOWANCE = 64 * 1024;

function paramError(message: string): AppError {
  return new AppError(ErrorCode.ClientParamError, message);
}

/**
 * A body whose declared length could never hold an acceptable upload is refused before reading it; the connection
 * is closed so the client stops sending.
 */
export function declaredTooLarge(req: IncomingMessage, limits: MultipartLimits): boolean {
  const declared = Number(req.headers['content-length'] ?? '0');
  return Number.isFinite(declared) && declared > 2 * limits.maxFileBytes + FRAMING_ALLOWANCE;
}

/**
 * Reads a multipart/form-data body holding exactly one file and a few short text fields. Memory stays bounded: the
 * file is kept up to `maxFileBytes` (busboy drops the rest), fields are capped at 100 bytes, and a body running far
 * past the limits is cut off. Anything malformed is a parameter error, a file over the limit a size refusal.
 */
export function parseMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: limits.maxFileBytes, fields: 8, fieldSize: limits.maxFieldBytes ?? 100, fieldNameSize: 50, parts: 10, headerPairs: 20 },
      });
    } catch {
      reject(paramError('body: Send multipart/form-data with a boundary'));
      return;
    }

    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let problem: AppError | null = null;
    let settled = false;
    const fail = (e: AppError): void => {
      problem ??= e;
    };
    const finish = (): void => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      if (problem) reject(problem);
      else if (!file) reject(paramError(`${limits.fileField}: Required`));
      else resolve({ fields, file });
    };

    let received = 0;
    const hardCap = 2 * limits.maxFileBytes + FRAMING_ALLOWANCE;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > hardCap && !settled) {
        fail(uploadRefused('size', `The largest file accepted is ${limits.maxFileBytes / (1024 * 1024)} MB`));
        // Stop feeding the parser and let the response go out; the rest of the body is not read.
        finish();
      }
    });
    req.on('aborted', () => {
      fail(paramError('body: Request aborted'));
      finish();
    });

    bb.on('file', (name, stream, info) => {
      // busboy destroys the open file stream with the parser's error (e.g. a body cut off mid-file).
      stream.on('error', () => fail(paramError('body: Malformed multipart body')));
      if (name !== limits.fileField) {
        fail(paramError(`${name}: Unexpected file field, send the file as "${limits.fileField}"`));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        fail(uploadRefused('size', `The largest file accepted is ${limits.maxFileBytes / (1024 * 1024)} MB`));
      });
      stream.on('end', () => {
        if (problem) return;
        file = { data: Buffer.concat(chunks), filename: info.filename ?? '', declaredType: info.mimeType ?? '' };
        if (file.data.length === 0) fail(paramError(`${limits.fileField}: The file is empty`));
      });
    });
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(paramError(`${name}: Value too long`));
      else fields[name] = value;
    });
    bb.on('filesLimit', () => fail(paramError(`${limits.fileField}: Send one file at a time`)));
    bb.on('fieldsLimit', () => fail(paramError('body: Too many fields')));
    bb.on('partsLimit', () => fail(paramError('body: Too many parts')));
    bb.on('error', () => {
      fail(paramError('body: Malformed multipart body'));
      finish();
    });
    bb.on('close', finish);
    req.pipe(bb);
  });
}
