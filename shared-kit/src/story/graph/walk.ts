/** Graph walks for the rules: what a start reaches, and which nodes can never reach an ending. */

type Out = ReadonlyMap<string, readonly string[]>;

/** Every node reachable from `starts` along `out`. */
export function reachableFrom(starts: readonly string[], out: Out): Set<string> {
  const seen = new Set<string>(starts);
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    for (const next of out.get(id) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/**
 * The nodes that can never reach one of `ends` (`stuck`), and among them those that go round a loop (`looping`: they
 * reach themselves again), as opposed to running into a dead end.
 */
export function trapped(ids: readonly string[], out: Out, ends: readonly string[]): { stuck: Set<string>; looping: Set<string> } {
  const into = new Map<string, string[]>();
  for (const [from, tos] of out) {
    for (const to of tos) {
      const list = into.get(to) ?? [];
      list.push(from);
      into.set(to, list);
    }
  }
  const canEnd = reachableFrom(ends, into);
  const stuck = new Set(ids.filter((id) => !canEnd.has(id)));
  const looping = new Set<string>();
  for (const id of stuck) {
    const again = reachableFrom(out.get(id) ?? [], out);
    if (again.has(id)) looping.add(id);
  }
  return { stuck, looping };
}
