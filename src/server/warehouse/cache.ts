/**
 * A bounded LRU for query results, limited both by entry count and by approximate size, so a few
 * 10,000-row pages cannot push the process out of memory. Per process: on several web nodes each
 * keeps its own, which is fine because the warehouse is read-only.
 */
import "server-only";
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, entry);
    this.hits++;
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (bytes > this.maxBytes / 4) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.map.delete(key);
    }
    this.map.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      const entry = this.map.get(oldest.value)!;
      this.bytes -= entry.bytes;
      this.map.delete(oldest.value);
    }
  }

  /** Forgets one entry (one that expired, say); whether it was there. */
  delete(key: string): boolean {
    const entry = this.map.get(key);
    if (!entry) return false;
    this.bytes -= entry.bytes;
    this.map.delete(key);
    return true;
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.map.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
