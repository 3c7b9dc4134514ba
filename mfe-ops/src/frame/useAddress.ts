import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

type Values<K extends string> = Record<K, string>;

const same = <K extends string>(a: Values<K>, b: Values<K>, names: readonly K[]) => names.every((n) => a[n] === b[n]);

/**
 * Filters kept in the address (`?q=…&action=…`), so a reload or a shared link opens the same list. Typing updates the
 * fields at once and the address after a short pause (all of them in one write); an empty value leaves the address.
 * Returns the fields' values, the values in the address (what the list is read with) and the setter.
 */
export function useAddressFilters<K extends string>(
  names: readonly K[],
  delay = 250,
): [Values<K>, Values<K>, (name: K, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const key = names.map((n) => params.get(n) ?? '').join('\u0000');
  // `key` stands for the values read from the address: the object changes only when they do.
  const applied = useMemo(() => Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Values<K>, [key]);
  const [draft, setDraft] = useState<Values<K>>(applied);
  const written = useRef(applied);
  // The address changed from elsewhere (back, a link): the fields follow it.
  useEffect(() => {
    if (!same(applied, written.current, names)) {
      written.current = applied;
      setDraft(applied);
    }
  }, [applied, names]);
  useEffect(() => {
    if (same(draft, written.current, names)) return undefined;
    const timer = setTimeout(() => {
      written.current = draft;
      const next = new URLSearchParams(params);
      for (const n of names) {
        if (draft[n].trim() === '') next.delete(n);
        else next.set(n, draft[n]);
      }
      setParams(next, { replace: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, delay, names, params, setParams]);
  return [draft, applied, (name, value) => setDraft((d) => ({ ...d, [name]: value }))];
}
