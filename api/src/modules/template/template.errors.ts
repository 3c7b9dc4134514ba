import { ErrorCode, type TemplateIssue } from 'shared-kit';
import { AppError } from '../../lib/errors';

export const templateNotExist = (): AppError => new AppError(ErrorCode.TemplateNotExist, 'This template does not exist');
/** Not on the template whitelist and not an operator (spec section 8: toast, go to the story list). */
export const templateForbidden = (): AppError =>
  new AppError(ErrorCode.TemplateForbidden, 'Templates are open to whitelisted creators only');
export const appEditOnly = (): AppError => new AppError(ErrorCode.TemplateNotSupported);

export const staleTemplate = (current: number): AppError =>
  new AppError(ErrorCode.ConcurrentOperation, 'This template was changed elsewhere; reload it before saving', {
    data: { revision: current },
  });

/** The template rules failed: every issue in `data.errors`, nothing written. */
export const templateInvalid = (issues: TemplateIssue[]): AppError => {
  const first = issues[0];
  return new AppError(ErrorCode.ClientParamError, first ? `${first.path}: ${first.message}` : 'Invalid template', {
    data: { errors: issues },
  });
};
