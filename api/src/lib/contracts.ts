import type { Next } from 'koa';
import { ErrorCode } from 'shared-kit';
import { contractProblem } from 'shared-kit/schemas';
import type { AppContext } from './context';
import { AppError } from './errors';

/**
 * Checks every successful answer against its response contract (shared-kit's RESPONSE_CONTRACTS), so a presenter
 * that drifts from what the front ends expect fails the first test that calls it. On in tests (CONTRACT_CHECK),
 * off in production: parsing every answer has a cost, and there the contract is already proven.
 */
export async function contractCheck(ctx: AppContext, next: Next): Promise<void> {
  await next();
  const body = ctx.body as { status_code?: unknown; data?: unknown } | undefined;
  if (!body || typeof body !== 'object' || body.status_code !== ErrorCode.Success) return;
  const problem = contractProblem(ctx.method, ctx.path, body.data);
  if (problem === null) return;
  throw new AppError(ErrorCode.Internal, `The answer of ${ctx.method} ${ctx.path} breaks its contract: ${problem}`, {
    report: true,
  });
}
