import { ok, fail, isEnvelope } from './envelope';
import { envelopeSchema } from './schemas/envelope';
import {
  ApiError,
  ERROR_CATALOGUE,
  ErrorCode,
  GENERIC_ERROR_MESSAGE,
  errorMessage,
  errorName,
  isApiError,
} from './errors';
import { z } from 'zod';

describe('error catalogue', () => {
  it('follows the reaction table for 1008 and 1009', () => {
    expect(ErrorCode.NoAccess).toBe(1008);
    expect(ErrorCode.ClientParamError).toBe(1009);
    expect(errorName(1008)).toBe('NoAccess');
    expect(errorMessage(1009)).toBe('Request parameter error');
  });
  it('keeps the explicit spec numbers', () => {
    expect(ErrorCode.NeedLogin).toBe(1007);
    expect(ErrorCode.InputLimit).toBe(1012);
    expect(ErrorCode.UserBanned).toBe(1015);
    expect(ErrorCode.BackendNetworkError).toBe(1016);
    expect(ErrorCode.NoStory).toBe(2002);
    expect(ErrorCode.SwipeOut).toBe(6001);
    expect(ErrorCode.AreaForbidden).toBe(1010106);
    expect(ErrorCode.AreaForbiddenWithFeedback).toBe(1000051);
    expect(ErrorCode.LoginOnly).toBe(1010109);
    expect(ErrorCode.UserCreateBan).toBe(1010250);
    expect(ErrorCode.TemplateForbidden).toBe(1010503);
    expect(ErrorCode.AlreadyExistsPlay).toBe(1060001);
    expect(ErrorCode.FrontendCanRetry).toBe(10100011);
  });
  it('has a name and non-empty message for every code, and no accidental number clashes', () => {
    const names = Object.keys(ErrorCode);
    const codes = Object.values(ErrorCode);
    // RiskBan and SwipeOut are deliberately one code.
    expect(new Set(codes).size).toBe(names.length - 1);
    for (const code of codes) {
      expect(ERROR_CATALOGUE[code]?.message.length).toBeGreaterThan(0);
    }
    expect(ERROR_CATALOGUE[6001]?.name).toBe('SwipeOut');
  });
  it('falls back to a generic message for unknown codes', () => {
    expect(errorMessage(424242)).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('ApiError', () => {
  it('carries code, message and data', () => {
    const e = new ApiError(1009, 'bad field', { field: 'story_name' });
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(1009);
    expect(e.statusMessage).toBe('bad field');
    expect(e.message).toBe('bad field');
    expect(e.data).toEqual({ field: 'story_name' });
    expect(isApiError(e)).toBe(true);
  });
  it('uses the catalogue message when the server sent none', () => {
    expect(new ApiError(1016).statusMessage).toBe('Network error, try again later');
  });
  it('recognises a structurally equal error from another copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', code: 1, statusMessage: 'x' });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('envelope', () => {
  it('builds success and failure envelopes', () => {
    expect(ok({ id: '1' })).toEqual({ status_code: 0, status_message: 'success', data: { id: '1' } });
    expect(ok()).toEqual({ status_code: 0, status_message: 'success' });
    expect(fail(1008)).toEqual({ status_code: 1008, status_message: 'No permission to access this content' });
    expect(fail(1009, 'story_name: required', { field: 'story_name' })).toEqual({
      status_code: 1009,
      status_message: 'story_name: required',
      data: { field: 'story_name' },
    });
  });
  it('validates envelopes with a data schema', () => {
    const schema = envelopeSchema(z.object({ story_id: z.string() }));
    expect(schema.safeParse({ status_code: 0, status_message: '', data: { story_id: '9' } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ status_code: 0, status_message: '', data: { story_id: 9 } }).success).toBe(
      false,
    );
    expect(schema.safeParse({ status_code: '0', status_message: '' }).success).toBe(false);
    expect(isEnvelope({ status_code: 1, status_message: 'x' })).toBe(true);
    expect(isEnvelope('<html>')).toBe(false);
  });
});
