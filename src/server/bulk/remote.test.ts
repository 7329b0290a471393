/**
 * A bulk Parquet file read remotely, as pyarrow/fsspec or DuckDB's httpfs read one (issue 38): the
 * length from HEAD, then only the ranges a Parquet reader asks for (the magic, the footer's length,
 * the footer), never the whole file. Served by serveBulk, the production server's own handler,
 * on a plain node:http server over an export of the tiny warehouse.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkPackage, BulkResource } from "@/domain/bulk/bulk";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { exportBulk } from "./export";
import { bulkPackage, serveBulk } from "./files";

const dir = tempDir("bulk-remote-test-");
let server: http.Server;
let base = "";
let pkg: BulkPackage;

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  process.env.EXPORT_DIR = path.join(dir, "exports");
  await importTiny(process.env.WAREHOUSE_PATH);
  const { generation } = await exportBulk({ only: ["international"] });
  pkg = bulkPackage(generation)!;
  server = http.createServer((req, res) => {
    serveBulk(req, res).then((done) => {
      if (!done) res.writeHead(404).end();
    }, () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  closeWarehouse();
  delete process.env.EXPORT_DIR;
});

/** One raw HTTP exchange: status, headers as sent (no decoding by fetch), and the body's bytes. */
function exchange(method: "GET" | "HEAD", url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Thrift's compact protocol, as Parquet writes its footer (FileMetaData): enough to read a struct
 * into field id -> value (lists as arrays, nested structs as maps), skipping nothing silently.
 */
class CompactReader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}

  private byte(): number {
    if (this.at >= this.bytes.length) throw new Error("footer ended early");
    return this.bytes[this.at++]!;
  }

  private varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  }

  private zigzag(): bigint {
    const n = this.varint();
    return (n >> 1n) ^ -(n & 1n);
  }

  private value(type: number): unknown {
    switch (type) {
      case 1:
        return true;
      case 2:
        return false;
      case 3:
        return this.byte();
      case 4:
      case 5:
      case 6:
        return this.zigzag();
      case 7:
        this.at += 8;
        return null;
      case 8: {
        const length = Number(this.varint());
        const text = this.bytes.subarray(this.at, this.at + length);
        this.at += length;
        return text.toString("utf8");
      }
      case 9:
      case 10: {
        const header = this.byte();
        const size = header >> 4 === 15 ? Number(this.varint()) : header >> 4;
        const element = header & 0x0f;
        return Array.from({ length: size }, () => (element === 1 || element === 2 ? this.byte() === 1 : this.value(element)));
      }
      case 11: {
        const size = Number(this.varint());
        if (size === 0) return new Map();
        const types = this.byte();
        const out = new Map<unknown, unknown>();
        for (let i = 0; i < size; i++) out.set(this.value(types >> 4), this.value(types & 0x0f));
        return out;
      }
      case 12:
        return this.struct();
      default:
        throw new Error(`unknown compact type ${type}`);
    }
  }

  struct(): Map<number, unknown> {
    const fields = new Map<number, unknown>();
    let last = 0;
    for (;;) {
      const header = this.byte();
      if (header === 0) return fields;
      const delta = header >> 4;
      const id = delta ? last + delta : Number(this.zigzag());
      fields.set(id, this.value(header & 0x0f));
      last = id;
    }
  }
}

describe("bulk files over HTTP", () => {
  const largestParquet = (): BulkResource => pkg.resources.filter((r) => r.format === "parquet").sort((a, b) => b.bytes - a.bytes)[0]!;

  it("state their length on GET and HEAD (not chunked), for whole files and ranges, and keep conditional requests", async () => {
    const file = pkg.resources.find((r) => r.format === "csv")!;
    const url = `${base}/api/bulk/${pkg.generation}/${file.path}`;
    const head = await exchange("HEAD", url);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(file.bytes));
    expect(head.headers["accept-ranges"]).toBe("bytes");
    expect(head.body.length).toBe(0);
    const whole = await exchange("GET", url);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(file.bytes));
    expect(whole.headers["transfer-encoding"]).toBeUndefined();
    expect(whole.body.length).toBe(file.bytes);
    const part = await exchange("GET", url, { Range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers["content-length"]).toBe("10");
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${file.bytes}`);
    expect(part.body.equals(whole.body.subarray(10, 20))).toBe(true);
    expect((await exchange("GET", url, { "If-None-Match": String(whole.headers.etag) })).status).toBe(304);
    expect((await exchange("GET", url, { Range: `bytes=${file.bytes + 5}-` })).status).toBe(416);
    // An If-Range that no longer matches gets the whole file.
    expect((await exchange("GET", url, { Range: "bytes=0-9", "If-Range": '"stale"' })).status).toBe(200);
    // The package itself, and errors, carry their length too.
    const listed = await exchange("HEAD", `${base}/api/bulk/${pkg.generation}/datapackage.json`);
    expect(Number(listed.headers["content-length"])).toBeGreaterThan(100);
    const missing = await exchange("GET", `${base}/api/bulk/${pkg.generation}/international/nothing.parquet`);
    expect(missing.status).toBe(404);
    expect(Number(missing.headers["content-length"])).toBe(missing.body.length);
  });

  it("reads a Parquet file's schema and row count by ranges, as a remote Parquet reader does, without the whole file", async () => {
    const file = largestParquet();
    const url = `${base}/api/bulk/${pkg.generation}/${file.path}`;
    let transferred = 0;
    const range = async (from: number, to: number) => {
      const answer = await exchange("GET", url, { Range: `bytes=${from}-${to}` });
      expect(answer.status).toBe(206);
      expect(answer.headers["content-length"]).toBe(String(to - from + 1));
      transferred += answer.body.length;
      return answer.body;
    };
    const size = Number((await exchange("HEAD", url)).headers["content-length"]);
    expect(size).toBe(file.bytes);
    expect((await range(0, 3)).toString("latin1")).toBe("PAR1");
    const tail = await range(size - 8, size - 1);
    expect(tail.subarray(4).toString("latin1")).toBe("PAR1");
    const footerLength = tail.readUInt32LE(0);
    expect(footerLength).toBeGreaterThan(0);
    expect(footerLength).toBeLessThan(size - 12);
    const footer = new CompactReader(await range(size - 8 - footerLength, size - 9)).struct();
    // FileMetaData: 2 = schema (the root, then one element per column, 4 = its name), 3 = rows.
    const schema = footer.get(2) as Map<number, unknown>[];
    expect(schema.slice(1).map((element) => element.get(4))).toEqual(file.schema.fields.map((f) => f.name));
    expect(Number(footer.get(3))).toBe(file.rows);
    expect(transferred).toBeLessThan(size);
  });
});
