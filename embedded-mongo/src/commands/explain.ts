import type { Document } from 'bson';
import { fail } from '../errors';
import { field, setField } from '../query/fields';
import { isPlainObject, toNumber, formatValue, type Doc } from '../query/values';
import { emptyPlan, findDocs, type Plan } from '../storage/planner';
import type { CommandContext, CommandHandler } from './context';
import { SERVER_VERSION } from './handshake';
import { queryScope } from './scope';

const VERBOSITIES = ['queryPlanner', 'executionStats', 'allPlansExecution'];

/** The query of an explained command: its filter, sort, skip, limit and projection, and the stage it ends in. */
interface Explained {
  coll: string;
  filter: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  /** COUNT, UPDATE, DELETE... on top of the query's plan. */
  top?: string;
  /** Stages of an aggregate after its leading $match and $sort. */
  rest?: Doc[];
}

function doc(v: unknown): Doc | undefined {
  return isPlainObject(v) ? v : undefined;
}

function num(v: unknown): number | undefined {
  return v === undefined || v === null ? undefined : Math.trunc(toNumber(v));
}

/** The query inside a command that explain accepts. */
export function explainedQuery(inner: Document): Explained {
  const name = Object.keys(inner)[0] ?? '';
  const coll = String(inner[name] ?? '');
  switch (name) {
    case 'find':
      return { coll, filter: doc(inner.filter) ?? {}, sort: doc(inner.sort), skip: num(inner.skip), limit: num(inner.limit), projection: doc(inner.projection) };
    case 'count':
      return { coll, filter: doc(inner.query) ?? {}, skip: num(inner.skip), limit: num(inner.limit), top: 'COUNT' };
    case 'distinct':
      return { coll, filter: doc(inner.query) ?? {}, top: 'DISTINCT_SCAN' };
    case 'findAndModify':
    case 'findandmodify':
      return { coll, filter: doc(inner.query) ?? {}, sort: doc(inner.sort), limit: 1, top: inner.remove === true ? 'DELETE' : 'UPDATE' };
    case 'update':
    case 'delete': {
      const list = inner[name === 'update' ? 'updates' : 'deletes'];
      const first = Array.isArray(list) ? doc(list[0]) : undefined;
      if (!first) fail('FailedToParse', `explain of ${name} needs one statement`);
      const limit = name === 'update' ? (first.multi === true ? undefined : 1) : num(first.limit) || undefined;
      return { coll, filter: doc(first.q) ?? {}, limit, top: name.toUpperCase() };
    }
    case 'aggregate': {
      const pipeline = Array.isArray(inner.pipeline) ? (inner.pipeline as Doc[]) : [];
      let i = 0;
      const filter = doc(pipeline[0]?.$match);
      if (filter) i++;
      const sort = filter ? doc(pipeline[1]?.$sort) : undefined;
      if (sort) i++;
      return { coll, filter: filter ?? {}, sort, rest: pipeline.slice(i) };
    }
    default:
      return fail('InvalidOptions', `Explain failed due to unknown command: ${name}`);
  }
}

function bounds(plan: Plan, filter: Doc): Doc {
  const out: Doc = {};
  for (const f of plan.index?.fields ?? []) {
    const cond = field(filter, f);
    const eq = isPlainObject(cond) ? (Object.keys(cond).length === 1 && '$eq' in cond ? cond.$eq : undefined) : cond;
    setField(out, f, eq === undefined ? ['[MinKey, MaxKey]'] : [`[${formatValue(eq)}, ${formatValue(eq)}]`]);
  }
  return out;
}

/** The stage tree MongoDB 7.0 would show for the plan the query took. */
function winningPlan(q: Explained, plan: Plan): Doc {
  const residual = Object.keys(q.filter).length ? { filter: q.filter } : {};
  let stage: Doc;
  if (plan.stage === 'IDHACK') stage = { stage: 'IDHACK' };
  else if (plan.stage === 'IXSCAN' && plan.index) {
    const index = plan.index;
    stage = {
      stage: 'FETCH',
      ...residual,
      inputStage: {
        stage: 'IXSCAN',
        keyPattern: index.spec.key,
        indexName: index.name,
        isMultiKey: index.multikey,
        isUnique: index.unique,
        isSparse: index.spec.sparse === true,
        isPartial: index.spec.partialFilterExpression !== undefined,
        indexVersion: 2,
        direction: q.sort && plan.sortedByIndex && Object.values(q.sort).some((d) => toNumber(d) < 0) ? 'backward' : 'forward',
        indexBounds: bounds(plan, q.filter),
      },
    };
  } else stage = { stage: 'COLLSCAN', ...residual, direction: 'forward' };
  if (q.sort && Object.keys(q.sort).length && !plan.sortedByIndex) stage = { stage: 'SORT', sortPattern: q.sort, memLimit: 104857600, type: 'simple', inputStage: stage };
  if (q.skip) stage = { stage: 'SKIP', skipAmount: q.skip, inputStage: stage };
  if (q.limit) stage = { stage: 'LIMIT', limitAmount: Math.abs(q.limit), inputStage: stage };
  if (q.projection && Object.keys(q.projection).length) stage = { stage: 'PROJECTION_DEFAULT', transformBy: q.projection, inputStage: stage };
  if (q.top) stage = { stage: q.top, inputStage: stage };
  return stage;
}

/** An explain answer: the query planner's choice (the index used, or COLLSCAN) and, when asked, execution figures. */
export function explainAnswer(ctx: CommandContext, inner: Document, verbosity: string): Document {
  const q = explainedQuery(inner);
  const coll = ctx.engine.getCollection(ctx.db, q.coll);
  const plan = emptyPlan();
  const started = Date.now();
  const docs = coll && !coll.isView ? findDocs(coll, q.filter, { sort: q.sort, skip: q.skip, limit: q.limit && Math.abs(q.limit), scope: queryScope(inner.collation, coll, inner.let), plan }) : [];
  const tree = winningPlan(q, plan);
  const queryPlanner = {
    namespace: `${ctx.db}.${q.coll}`,
    indexFilterSet: false,
    parsedQuery: q.filter,
    maxIndexedOrSolutionsReached: false,
    maxIndexedAndSolutionsReached: false,
    maxScansToExplodeReached: false,
    winningPlan: tree,
    rejectedPlans: [],
  };
  const executionStats = {
    executionSuccess: true,
    nReturned: docs.length,
    executionTimeMillis: Date.now() - started,
    totalKeysExamined: plan.keysExamined,
    totalDocsExamined: plan.docsExamined,
    executionStages: tree,
  };
  const planner = { queryPlanner, ...(verbosity === 'queryPlanner' ? {} : { executionStats }) };
  const body = q.rest && q.rest.length ? { stages: [{ $cursor: planner }, ...q.rest] } : planner;
  return {
    explainVersion: '1',
    ...body,
    command: { ...inner, $db: ctx.db },
    serverInfo: { host: 'localhost', port: 0, version: SERVER_VERSION, gitVersion: 'embedded-mongo' },
    ok: 1,
  };
}

const explain: CommandHandler = (cmd, ctx) => {
  const inner = cmd.explain;
  if (!isPlainObject(inner)) fail('TypeMismatch', "BSON field 'explain.explain' is the wrong type, expected type 'object'");
  const verbosity = cmd.verbosity === undefined ? 'allPlansExecution' : String(cmd.verbosity);
  if (!VERBOSITIES.includes(verbosity)) fail('BadValue', `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  return explainAnswer(ctx, inner, verbosity);
};

export const explainCommands: Record<string, CommandHandler> = { explain };
