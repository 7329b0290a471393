/**
 * What a request costs, measured: the front door times every render it admits and keeps, per
 * family of paths (a country profile, a product profile, the builder, the data API…), a moving
 * average of how long one takes. A family's weight is that average in units of `unitMs`, between
 * 1 and `maxWeight`: the places the request takes in its admission lane (admission.ts). A family
 * never measured weighs 1. Bounded: at most `maxFamilies` families are kept (the sitemap has
 * eight hundred thousand URLs, but only a few dozen families).
 */
import "server-only";
import { splitLocale } from "@/domain/i18n/locales";

/** The family of a path: locale dropped, ids and query left out (`/en/profile/country/chl?year=2017` → `profile/country`). */
export function costFamily(pathname: string): string {
  const path = splitLocale(pathname.split("?")[0] ?? "/").rest;
  const parts = path.split("/").filter(Boolean);
  if (parts.length === 0) return "home";
  if (parts[0] === "api") return parts.slice(0, 2).join("/");
  if (parts[0] === "profile" || parts[0] === "rankings" || parts[0] === "games") return parts.slice(0, 2).join("/");
  return parts[0]!;
}

export interface CostOptions {
  /** The time one place stands for (ms). */
  unitMs: number;
  /** The most places one request may take. */
  maxWeight: number;
  /** Weight of the newest measure in the moving average. */
  alpha?: number;
  maxFamilies?: number;
}

export interface CostTiming {
  family: string;
  weight: number;
  restart: () => number;
  done: () => void;
}

export class CostMeter {
  private readonly averages = new Map<string, number>();
  private readonly alpha: number;
  private readonly maxFamilies: number;

  constructor(private readonly options: CostOptions) {
    this.alpha = options.alpha ?? 0.2;
    this.maxFamilies = options.maxFamilies ?? 128;
  }

  /** Records one render of `family` that took `ms`. */
  record(family: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const before = this.averages.get(family);
    if (before === undefined) {
      if (this.averages.size >= this.maxFamilies) return;
      this.averages.set(family, ms);
      return;
    }
    this.averages.set(family, before + this.alpha * (ms - before));
  }

  /** The family's average render time (ms), or null when never measured. */
  average(family: string): number | null {
    return this.averages.get(family) ?? null;
  }

  /** Places a request of this family takes. */
  weight(family: string): number {
    const average = this.averages.get(family);
    if (average === undefined) return 1;
    return Math.min(this.options.maxWeight, Math.max(1, Math.round(average / this.options.unitMs)));
  }

  /**
   * A request of `path`: its family and weight now; `restart()` when it is admitted (time in the
   * queue is not its cost), `done()` when it has been answered (records once).
   */
  time(path: string, now: () => number = () => performance.now()): CostTiming {
    const family = costFamily(path);
    let started = now();
    let recorded = false;
    return {
      family,
      weight: this.weight(family),
      restart: () => (started = now()),
      done: () => {
        if (recorded) return;
        recorded = true;
        this.record(family, now() - started);
      },
    };
  }
}
