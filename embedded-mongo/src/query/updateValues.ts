import { Decimal128, Int32, Long } from 'bson';
import { compileFilter } from './matcher';
import { getAt } from './updateTargets';
import { asDouble, cloneValue, compareValues, isInt32Number, isPlainObject, toNumber, valuesEqual, type Doc } from './values';

// The values the array and number operators compute: `$push`'s modifiers, `$pull`'s condition and `$inc`/`$mul`'s
// numeric promotion.

export function pushWithModifiers(current: unknown[], items: unknown[], mods: Doc): void {
  const copies = items.map((i) => cloneValue(i));
  if (mods.$position !== undefined) {
    let pos = Math.trunc(toNumber(mods.$position));
    if (pos < 0) pos = Math.max(0, current.length + pos);
    current.splice(Math.min(pos, current.length), 0, ...copies);
  } else current.push(...copies);
  if (mods.$sort !== undefined) {
    const spec = mods.$sort;
    if (isPlainObject(spec)) {
      const fields = Object.entries(spec);
      current.sort((a, b) => {
        for (const [f, dir] of fields) {
          const c = compareValues(getAt(a, f.split('.')), getAt(b, f.split('.')));
          if (c) return toNumber(dir) < 0 ? -c : c;
        }
        return 0;
      });
    } else {
      const dir = toNumber(spec) < 0 ? -1 : 1;
      current.sort((a, b) => dir * compareValues(a, b));
    }
  }
  if (mods.$slice !== undefined) {
    const n = Math.trunc(toNumber(mods.$slice));
    const kept = n >= 0 ? current.slice(0, n) : current.slice(Math.max(0, current.length + n));
    current.splice(0, current.length, ...kept);
  }
}

export function pullPredicate(cond: unknown): (el: unknown) => boolean {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    const operatorCond = keys.length > 0 && keys.every((k) => k.startsWith('$')) && !keys.includes('$and') && !keys.includes('$or');
    if (operatorCond) {
      const test = compileFilter({ v: cond });
      return (el) => test({ v: el });
    }
    const test = compileFilter(cond);
    return (el) => (isPlainObject(el) ? test(el) : false);
  }
  return (el) => valuesEqual(el, cond);
}

type NumberKind = 'int' | 'long' | 'double' | 'decimal';

function numberKind(v: unknown): NumberKind {
  if (v instanceof Decimal128) return 'decimal';
  if (typeof v === 'bigint' || v instanceof Long) return 'long';
  if (typeof v === 'number' && isInt32Number(v)) return 'int';
  if (v instanceof Int32) return 'int';
  return 'double';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * `$inc`/`$mul` with MongoDB's numeric promotion: decimal wins, then double (a whole-number result stays a
 * Double), then long (a double when it overflows int64); int32 with int32 stays int32 and becomes long on overflow.
 */
export function arithmetic(a: unknown, b: unknown, op: string): unknown {
  const mul = op === '$mul';
  const ka = numberKind(a);
  const kb = numberKind(b);
  if (ka === 'decimal' || kb === 'decimal') {
    const r = mul ? toNumber(a) * toNumber(b) : toNumber(a) + toNumber(b);
    return Decimal128.fromString(String(r));
  }
  if (ka === 'double' || kb === 'double') return asDouble(mul ? toNumber(a) * toNumber(b) : toNumber(a) + toNumber(b));
  const x = typeof a === 'bigint' ? a : a instanceof Long ? a.toBigInt() : BigInt(toNumber(a));
  const y = typeof b === 'bigint' ? b : b instanceof Long ? b.toBigInt() : BigInt(toNumber(b));
  const r = mul ? x * y : x + y;
  if (ka === 'long' || kb === 'long') return r < INT64_MIN || r > INT64_MAX ? asDouble(Number(r)) : r;
  return r >= -2147483648n && r <= 2147483647n ? Number(r) : r;
}
