/** The two ways a bench sends its requests: as fast as the server answers, or at a steady rate. */

/** A closed loop: `concurrency` sends always in flight, the next starting as one ends, until `count` are done. */
export async function closedLoop(count: number, concurrency: number, send: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await send(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * An open loop at a steady rate: send `i` starts at `i / perSecond` seconds, whatever is still in flight (a slow
 * server falls behind and its times show it, as real clients' would), then every send is waited for.
 */
export async function paced(count: number, perSecond: number, send: (i: number) => Promise<void>): Promise<void> {
  const gap = 1000 / perSecond;
  const began = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const wait = began + i * gap - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
}
