import { fail } from '../errors';
import { field, setField } from './fields';
import { compileFilter } from './matcher';
import { matchedElement } from './positional';
import { formatValue, isPlainObject, type Doc } from './values';

// Where an update writes: its paths with their positional parts (`$`, `$[]`, `$[<id>]`) made concrete, and the
// slot at the end of each path, created on the way when the operator writes.

export function idOf(doc: Doc): string {
  return `{_id: ${formatValue(doc._id)}}`;
}

/** Expands positional segments into concrete paths. */
export function expandPath(doc: Doc, original: Doc, segs: string[], opts: { query?: Doc; arrayFilters?: Doc[] }): string[][] {
  let paths: string[][] = [[]];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg === '$') {
      paths = paths.map((p) => [...p, String(positionalIndex(original, p, opts.query))]);
    } else if (seg === '$[]' || (seg.startsWith('$[') && seg.endsWith(']'))) {
      const ident = seg.slice(2, -1);
      const predicate = ident ? arrayFilterFor(ident, opts.arrayFilters) : undefined;
      const next: string[][] = [];
      for (const p of paths) {
        const arr = getAt(doc, p);
        if (!Array.isArray(arr)) {
          fail('BadValue', `The path '${p.join('.')}' must exist in the document in order to apply array updates.`);
        }
        arr.forEach((el, idx) => {
          if (!predicate || predicate(el)) next.push([...p, String(idx)]);
        });
      }
      paths = next;
    } else {
      paths = paths.map((p) => [...p, seg]);
    }
  }
  return paths;
}

function positionalIndex(doc: Doc, prefix: string[], query: Doc | undefined): number {
  return matchedElement(doc, prefix, query) ?? fail('BadValue', 'The positional operator did not find the match needed from the query.');
}

function arrayFilterFor(ident: string, filters: Doc[] | undefined): (el: unknown) => boolean {
  const relevant = (filters ?? []).filter((f) => Object.keys(f).some((k) => k === ident || k.startsWith(`${ident}.`) || k.startsWith('$')));
  const mine = relevant.find((f) => JSON.stringify(Object.keys(f)).includes(ident));
  if (!mine) fail('BadValue', `No array filter found for identifier '${ident}' in path`);
  const rewritten = rewriteIdent(mine, ident);
  const test = compileFilter(rewritten);
  return (el) => test({ v: el });
}

function rewriteIdent(filter: Doc, ident: string): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) {
      setField(out, k, v.map((sub) => (isPlainObject(sub) ? rewriteIdent(sub, ident) : sub)));
    } else if (k === ident) out.v = v;
    else if (k.startsWith(`${ident}.`)) out[`v${k.slice(ident.length)}`] = v;
    else setField(out, k, v);
  }
  return out;
}

export function getAt(doc: unknown, segs: string[]): unknown {
  let cur = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(s) ? cur[Number(s)] : undefined;
    else if (isPlainObject(cur)) cur = field(cur, s);
    else return undefined;
  }
  return cur;
}

export type Container = Doc | unknown[];

/** Walks to the parent of the last segment, creating objects on the way when `create`; enforces PathNotViable. */
export function parentFor(doc: Doc, segs: string[], create: boolean, root: Doc): { parent: Container; key: string } | null {
  let cur: Container = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    let next: unknown;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) {
        fail('PathNotViable', `Cannot create field '${seg}' in element {${segs[i - 1] ?? ''}: ${formatValue(cur)}}`);
      }
      next = cur[Number(seg)];
      if (next === undefined || next === null) {
        if (!create) return null;
        next = {};
        while (cur.length < Number(seg)) cur.push(null);
        cur[Number(seg)] = next;
      }
    } else {
      next = field(cur, seg);
      if (next === undefined) {
        if (!create) return null;
        next = {};
        setField(cur, seg, next);
      }
    }
    if (!Array.isArray(next) && !isPlainObject(next)) {
      if (!create) return null;
      fail('PathNotViable', `Cannot create field '${segs[i + 1]!}' in element {${seg}: ${formatValue(next)}}`);
    }
    cur = next as Container;
  }
  void root;
  const key = segs[segs.length - 1]!;
  if (Array.isArray(cur) && !/^\d+$/.test(key)) {
    if (!create) return null;
    fail('PathNotViable', `Cannot create field '${key}' in element {${segs[segs.length - 2] ?? ''}: ${formatValue(cur)}}`);
  }
  return { parent: cur, key };
}

export function readSlot(parent: Container, key: string): unknown {
  return Array.isArray(parent) ? parent[Number(key)] : field(parent, key);
}

export function writeSlot(parent: Container, key: string, value: unknown): void {
  if (Array.isArray(parent)) {
    const idx = Number(key);
    while (parent.length < idx) parent.push(null);
    parent[idx] = value;
  } else setField(parent, key, value);
}

export function setPath(doc: Doc, segs: string[], value: unknown, root: Doc): void {
  const slot = parentFor(doc, segs, true, root)!;
  writeSlot(slot.parent, slot.key, value);
}
