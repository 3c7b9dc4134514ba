import type { Next } from 'koa';
import { z } from 'zod';
import type { AppContext } from './context';
import { paramError, type FieldIssue } from './errors';

type Part = 'query' | 'body' | 'params';
export type Schemas = Partial<Record<Part, z.ZodType>>;
export type Input<S extends Schemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

export interface Validator<S extends Schemas> {
  (ctx: AppContext, next: Next): Promise<void>;
  /** The typed result of this validator, once it has run for the request. */
  input(ctx: AppContext): Input<S>;
}

/** Phrases zod's type errors the way the client's toast shows them: "Expected string, received object". */
function errorText(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'Required';
  const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  return `Expected ${issue.expected}, received ${received}`;
}

const PARSE_OPTIONS = { error: errorText };

function toFieldIssues(part: Part, error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : part,
    message: issue.message,
  }));
}

function rawPart(ctx: AppContext, part: Part): unknown {
  if (part === 'query') return ctx.query;
  if (part === 'body') return ctx.request.body ?? {};
  // Router-set params; absent outside a router layer.
  return (ctx as AppContext & { params?: Record<string, string> }).params ?? {};
}

/**
 * Validates the request's query, body and params with zod and puts the parsed result on `ctx.state.input`.
 * The first issue becomes a parameter error naming the field. Query values are always strings, so query schemas
 * should use `z.coerce`. Non-string values where strings are expected (e.g. `{"$ne": null}`) fail here and never
 * reach a database query.
 */
export function validate<S extends Schemas>(schemas: S): Validator<S> {
  const parts = (['params', 'query', 'body'] as const).filter((p) => schemas[p] !== undefined);
  /*
   * A synchronous parse takes about half the time of an async one. Should a schema hold an async refinement or
   * transform, zod throws $ZodAsyncError instead, and this validator parses async from then on.
   */
  let sync = true;
  const middleware = async (ctx: AppContext, next: Next): Promise<void> => {
    const input: Record<string, unknown> = {};
    for (const part of parts) {
      const schema = schemas[part] as z.ZodType;
      const raw = rawPart(ctx, part);
      let result: z.ZodSafeParseResult<unknown> | undefined;
      if (sync) {
        try {
          result = schema.safeParse(raw, PARSE_OPTIONS);
        } catch (err) {
          if (!(err instanceof z.core.$ZodAsyncError)) throw err;
          sync = false;
        }
      }
      result ??= await schema.safeParseAsync(raw, PARSE_OPTIONS);
      if (!result.success) throw paramError(toFieldIssues(part, result.error));
      input[part] = result.data;
    }
    ctx.state.input = input;
    await next();
  };
  return Object.assign(middleware, {
    input(ctx: AppContext): Input<S> {
      if (ctx.state.input === undefined) throw new Error('validate(): input read before the validator ran');
      // Safe: the middleware above built exactly this shape from the same schemas.
      return ctx.state.input as Input<S>;
    },
  });
}
