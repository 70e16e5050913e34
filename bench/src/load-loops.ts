// The two ways a scenario of whole purchases is driven: a closed loop (its capacity) and an
// open loop at a fixed rate (its latency at a given load).

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Closed loop: `workers` clients, each sending again as soon as its last answer came. */
export async function closedLoop<T>(
  queue: T[],
  run: (item: T) => Promise<void>,
  workers: number,
  seconds: number,
): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) {
        const item = queue.shift();
        if (item === undefined) break;
        const sent = performance.now();
        await run(item);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  if (queue.length === 0) console.log('  note: the work ran out before the time was up');
  return { latencies, elapsed: (Date.now() - started) / 1000 };
}

/**
 * Open loop: requests start at a fixed rate whatever the answers, as buyers arrive on a real
 * site, so each latency is one request's own time plus the queueing that load causes, not the
 * waiting a closed loop builds up by design.
 */
export async function openLoop<T>(
  queue: T[],
  run: (item: T) => Promise<void>,
  perSecond: number,
  seconds: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.floor(perSecond * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const item = queue.shift();
    if (item === undefined) {
      console.log('  note: the work ran out before the time was up');
      break;
    }
    const sent = performance.now();
    pending.push(
      run(item).then(() => {
        latencies.push(performance.now() - sent);
      }),
    );
  }
  await Promise.all(pending);
  return latencies;
}
