/**
 * Timers for things that happen later (asynchronous settlement, voucher expiry); all
 * cancelled when the sandbox closes.
 */
export class Timers {
  private readonly handles = new Set<NodeJS.Timeout>();

  after(ms: number, run: () => void): void {
    // setTimeout's limit is about 24.8 days; longer waits are chained.
    const MAX = 2 ** 31 - 1;
    const handle = setTimeout(
      () => {
        this.handles.delete(handle);
        if (ms > MAX) this.after(ms - MAX, run);
        else run();
      },
      Math.min(ms, MAX),
    );
    handle.unref();
    this.handles.add(handle);
  }

  clear(): void {
    for (const handle of this.handles) clearTimeout(handle);
    this.handles.clear();
  }
}
