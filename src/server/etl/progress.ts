/**
 * Import progress: a live line on a terminal, one plain line per step otherwise (CI logs, pipes).
 * The live figure comes from DuckDB's own progress counter, polled while a statement runs.
 */
import "server-only";
import type { DuckDBConnection } from "@duckdb/node-api";

export interface ImportLogger {
  info(message: string): void;
  warn(message: string): void;
}

export const consoleLogger: ImportLogger = {
  info: (m) => process.stdout.write(`${m}\n`),
  warn: (m) => process.stderr.write(`warning: ${m}\n`),
};

export const silentLogger: ImportLogger = { info: () => {}, warn: () => {} };

const numberFormat = new Intl.NumberFormat("en-US");

export function formatRows(rows: number): string {
  return numberFormat.format(Math.round(rows));
}

export function formatRate(rows: number, seconds: number): string {
  const rate = seconds > 0 ? rows / seconds : rows;
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)}M rows/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toFixed(1)}k rows/s`;
  return `${Math.round(rate)} rows/s`;
}

export interface StepReport {
  label: string;
  rows: number;
  seconds: number;
}

export class Progress {
  private readonly live: boolean;
  readonly steps: StepReport[] = [];

  constructor(
    private readonly logger: ImportLogger,
    live: boolean = Boolean(process.stdout.isTTY) && logger === consoleLogger,
  ) {
    this.live = live;
  }

  /**
   * Runs one step (usually one file). `work` returns the number of rows it handled; while it runs,
   * a terminal shows DuckDB's running row count and rate.
   */
  async step(label: string, conn: DuckDBConnection | null, work: () => Promise<number>): Promise<number> {
    const started = performance.now();
    let timer: NodeJS.Timeout | null = null;
    if (this.live && conn) {
      timer = setInterval(() => {
        try {
          const p = conn.progress;
          const done = Number(p.rows_processed);
          const seconds = (performance.now() - started) / 1000;
          if (done > 0) {
            const pct = p.percentage >= 0 ? ` ${Math.min(100, p.percentage).toFixed(0)}%` : "";
            process.stdout.write(`\r\x1b[2K  ${label}: ${formatRows(done)} rows${pct}, ${formatRate(done, seconds)}`);
          }
        } catch {
          // Progress is cosmetic; a closed connection must not break the import.
        }
      }, 200);
      timer.unref();
    }
    try {
      const rows = await work();
      const seconds = (performance.now() - started) / 1000;
      this.steps.push({ label, rows, seconds });
      const line = `  ${label}: ${formatRows(rows)} rows in ${seconds.toFixed(2)} s (${formatRate(rows, seconds)})`;
      if (this.live) process.stdout.write(`\r\x1b[2K${line}\n`);
      else this.logger.info(line);
      return rows;
    } finally {
      if (timer) clearInterval(timer);
      if (this.live) process.stdout.write("\r\x1b[2K");
    }
  }

  info(message: string): void {
    this.logger.info(message);
  }

  warn(message: string): void {
    this.logger.warn(message);
  }
}
