import type { Document } from 'bson';
import { fail } from '../errors';
import { runPipeline } from '../query/pipeline';
import type { QueryScope } from '../query/scope';
import { cloneValue, isPlainObject, type Doc } from '../query/values';
import type { Collection } from '../storage/collection';
import type { CommandContext } from './context';

/** A view resolved to the collection under it and the pipeline (of the view and of any views it reads). */
export interface ViewSource {
  coll: Collection | undefined;
  pipeline: Doc[];
}

/** The source of `name` when it is a view, or undefined for a collection (or nothing). */
export function resolveView(ctx: CommandContext, name: string): ViewSource | undefined {
  let coll = ctx.engine.getCollection(ctx.db, name);
  if (!coll?.isView) return undefined;
  const pipeline: Doc[] = [];
  const seen = new Set<string>();
  while (coll?.isView) {
    if (seen.has(coll.name)) fail('GraphContainsCycle', `View cycle detected: ${[...seen].join(' -> ')}`);
    seen.add(coll.name);
    pipeline.unshift(...((coll.options.pipeline as Doc[] | undefined) ?? []));
    coll = ctx.engine.getCollection(ctx.db, String(coll.options.viewOn));
  }
  return { coll, pipeline };
}

/** Documents of a collection or view by name, as copies (for $lookup, $unionWith and the like). */
export function collectionResolver(ctx: CommandContext): (name: string) => Doc[] {
  const resolve = (name: string): Doc[] => {
    const view = resolveView(ctx, name);
    if (view) return viewDocs(ctx, view, [], {});
    return [...(ctx.engine.getCollection(ctx.db, name)?.docs.values() ?? [])].map((d) => cloneValue(d));
  };
  return resolve;
}

/** Runs a view's pipeline, then `stages`, over the collection under it. */
export function viewDocs(ctx: CommandContext, view: ViewSource, stages: Doc[], scope: QueryScope): Doc[] {
  const base = view.coll ? [...view.coll.docs.values()] : [];
  return runPipeline(base, [...view.pipeline, ...stages], collectionResolver(ctx), scope);
}

/** Checks a view definition of `create` or `collMod`: a source name and a pipeline that writes nowhere. */
export function checkViewDefinition(viewOn: unknown, pipeline: unknown): void {
  if (typeof viewOn !== 'string' || viewOn === '') fail('TypeMismatch', "'viewOn' must be a non-empty string");
  if (pipeline === undefined) return;
  if (!Array.isArray(pipeline)) fail('TypeMismatch', "'pipeline' must be an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) fail('BadValue', 'A pipeline stage specification object must contain exactly one field.');
    const name = Object.keys(stage)[0]!;
    if (name === '$out' || name === '$merge') fail('OptionNotSupportedOnView', `${name} cannot be used in a view definition`);
  }
}

/** The listCollections entry of a view. */
export function viewEntry(coll: Collection, nameOnly: boolean): Document {
  if (nameOnly) return { name: coll.name, type: 'view' };
  return { name: coll.name, type: 'view', options: coll.options, info: { readOnly: true } };
}
