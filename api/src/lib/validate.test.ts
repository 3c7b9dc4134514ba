import { z } from 'zod';
import { ErrorCode } from 'shared-kit';
import type { AppContext } from './context';
import { AppError } from './errors';
import { validate } from './validate';

function ctxWith(parts: { query?: unknown; body?: unknown; params?: unknown }): AppContext {
  return {
    query: parts.query ?? {},
    request: { body: parts.body },
    params: parts.params,
    state: {},
  } as unknown as AppContext;
}

async function run(v: ReturnType<typeof validate>, ctx: AppContext): Promise<unknown> {
  let reached = false;
  await v(ctx, async () => {
    reached = true;
  });
  expect(reached).toBe(true);
  return ctx.state.input;
}

async function refusal(v: ReturnType<typeof validate>, ctx: AppContext): Promise<AppError> {
  const err: unknown = await v(ctx, async () => undefined).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('validate', () => {
  it('parses each part and refuses the first bad field with 1009', async () => {
    const v = validate({
      query: z.object({ n: z.coerce.number().int() }),
      body: z.object({ name: z.string() }),
    });
    expect(await run(v, ctxWith({ query: { n: '3' }, body: { name: 'Ada' } }))).toEqual({
      query: { n: 3 },
      body: { name: 'Ada' },
    });
    const err = await refusal(v, ctxWith({ query: { n: '3' }, body: { name: { $ne: null } } }));
    expect(err.code).toBe(ErrorCode.ClientParamError);
    expect(err.message).toBe('name: Expected string, received object');
  });

  it('handles schemas with async refinements, running each refinement once per request', async () => {
    let calls = 0;
    const taken = z.string().refine(async (name) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 1));
      return name !== 'taken';
    }, 'is taken');
    const v = validate({ body: z.object({ name: taken }) });
    expect(await run(v, ctxWith({ body: { name: 'free' } }))).toEqual({ body: { name: 'free' } });
    calls = 0;
    expect(await run(v, ctxWith({ body: { name: 'also free' } }))).toEqual({ body: { name: 'also free' } });
    expect(calls).toBe(1);
    const err = await refusal(v, ctxWith({ body: { name: 'taken' } }));
    expect(err.message).toBe('name: is taken');
  });
});
