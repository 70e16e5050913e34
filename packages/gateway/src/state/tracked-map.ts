/**
 * Told the id of an entry that was read, written or removed; `added` when a write created it
 * (so a journal can keep new entries in insertion order).
 */
export type TouchListener = (id: string, added: boolean) => void;

const ignore: TouchListener = () => {};

/**
 * A Map that reports every id it hands out (`get`), stores (`set`) or removes (`delete`).
 * The sandbox changes its objects in place after reading them, so "read through the map"
 * is how a persisted sandbox learns which entries a request may have changed; the journal
 * then writes only those whose content really differs. Iteration reports nothing (lists stay
 * cheap): code that changes entries it found by iterating calls `touch`. Without a listener
 * (the in-memory sandbox) it behaves as a plain Map.
 */
export class TrackedMap<V> extends Map<string, V> {
  #listener: TouchListener = ignore;

  /** One listener at a time: the state journal of the sandbox that owns the map. */
  listen(listener: TouchListener | null): void {
    this.#listener = listener ?? ignore;
  }

  override get(id: string): V | undefined {
    this.#listener(id, false);
    return super.get(id);
  }

  override set(id: string, value: V): this {
    this.#listener(id, !super.has(id));
    return super.set(id, value);
  }

  override delete(id: string): boolean {
    this.#listener(id, false);
    return super.delete(id);
  }

  /** Reports an entry changed without going through get/set/delete (found by iterating). */
  touch(id: string): void {
    this.#listener(id, false);
  }

  /** Reads without reporting (the journal reading what to write). */
  peek(id: string): V | undefined {
    return super.get(id);
  }

  /** Rebuilds an entry from disk without reporting it; `undefined` removes it. */
  restore(id: string, value: V | undefined): void {
    if (value === undefined) super.delete(id);
    else super.set(id, value);
  }
}
