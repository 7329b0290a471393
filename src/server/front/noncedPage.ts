/**
 * A nonce per response for pages served from the cache. A cached page was rendered once with one
 * script nonce; sent as it is, every visitor for minutes would share it, and a nonce that is
 * known in advance protects nothing. So a stored page is kept cut at its nonce, and each answer
 * puts a fresh one back:
 *
 * - the pieces between nonces are deflated once, in one raw-deflate stream with a full flush after
 *   each (byte-aligned, not final, the compressor's state reset), so each is an independent run
 *   and no back-reference crosses a nonce;
 * - an answer is a gzip member assembled from those runs with the new nonce between them as
 *   stored (uncompressed) deflate blocks, a final empty block, and the CRC-32 and length of the
 *   whole: no compression on the hot path, and not even a pass over the page, since the CRC of
 *   the whole is combined from each piece's CRC, kept at store time, and the new nonce's;
 * - only the deflated runs are kept (a profile: about 50 KB instead of 440 KB with its text), so
 *   the page cache holds eight times the pages in the same bytes, and memory after a burst of new
 *   pages stays near what it was before. The rare client that takes no gzip gets the runs
 *   inflated on the way out.
 */
import "server-only";
import { constants, crc32, createDeflateRaw, inflateRawSync } from "node:zlib";

export interface NoncedBody {
  /** The page cut at every occurrence of its nonce (n + 1 pieces for n occurrences), each deflated as an independent run ending on a full flush (views into one buffer). */
  deflated: Buffer[];
  /** CRC-32 of each piece as it was before deflating. */
  crcs: number[];
  /** Length of each piece before deflating. */
  lengths: number[];
  /** For each piece, x^(8 × its length) modulo the CRC polynomial: combining its CRC is then one product. */
  shifts: number[];
  /** Length of the nonce the pieces were cut at (every nonce we make has the same length). */
  nonceLength: number;
}

/*
 * CRC-32 of two byte runs joined, from the CRC of each and the second's length: zlib's
 * crc32_combine (its multmodp and x2nmodp, for the reflected polynomial 0xedb88320), which Node's
 * zlib does not expose. No well-kept package offers it in JavaScript; it is checked against
 * zlib.crc32 of the joined bytes in noncedPage.test.ts.
 */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo p(x), reflected; a must not be zero. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo p(x), for n = 0…31. */
const X2N: number[] = [];
for (let n = 0, p = 1 << 30; n < 32; n++) X2N.push((p = n === 0 ? p : multmodp(p, p)));

/** x^(n * 2^k) modulo p(x). */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000;
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X2N[k & 31]!, p);
  return p;
}

/** What crc32Combine needs of B's length, computed once (x^(8 × length) modulo p(x)). */
export const crc32Shift = (length: number): number => x2nmodp(length, 3);

/** The CRC-32 of A followed by B, from crc32(A), crc32(B) and B's length (or its crc32Shift). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number, shift = crc32Shift(lengthB)): number {
  return (multmodp(shift, crcA) ^ crcB) >>> 0;
}

/** Cuts `body` at every occurrence of `nonce`; null when it does not occur (nothing to rewrite). */
export async function cutAtNonce(body: Buffer, nonce: string): Promise<NoncedBody | null> {
  const needle = Buffer.from(nonce);
  if (!needle.length) return null;
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  if (!pieces.length) return null;
  pieces.push(body.subarray(from));
  // One deflate stream for the page, its state reset at every cut (a full flush: nothing after it
  // refers back, and each run ends byte-aligned), rather than a stream per piece: a page has some
  // fifty pieces, and setting up a deflate state fifty times cost more than compressing the page.
  const ends: number[] = [];
  const out: Buffer[] = [];
  let written = 0;
  const stream = createDeflateRaw({ level: 6 });
  stream.on("data", (chunk: Buffer) => {
    out.push(chunk);
    written += chunk.length;
  });
  try {
    // Queued at once, done in order: each flush's callback comes once its run has been handed out.
    await Promise.all(
      pieces.map((piece) => {
        stream.write(piece);
        return new Promise<void>((resolve) => stream.flush(constants.Z_FULL_FLUSH, () => (ends.push(written), resolve())));
      }),
    );
  } finally {
    stream.close();
  }
  // One buffer of exactly their size holds every run (zlib hands its output out as views into
  // 16 KB chunks: kept as they come, fifty short runs would hold far more than they weigh, and
  // the page cache, which counts their lengths, would hold ten times its budget).
  const whole = Buffer.concat(out, written);
  const runs = ends.map((end, i) => whole.subarray(i === 0 ? 0 : ends[i - 1]!, end));
  const deflated = runs;
  const lengths = pieces.map((p) => p.length);
  return { deflated, crcs: pieces.map((p) => crc32(p)), lengths, shifts: lengths.map(crc32Shift), nonceLength: needle.length };
}

/** The page with `nonce` in every place the old one was (inflated from the stored runs). */
export function withNonce(body: NoncedBody, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  body.deflated.forEach((run, index) => {
    if (index > 0) parts.push(needle);
    parts.push(inflateRawSync(run, { finishFlush: constants.Z_SYNC_FLUSH }));
  });
  return Buffer.concat(parts);
}

/** A stored deflate block holding `bytes` (at most 65,535), at a byte boundary. */
function storedBlock(bytes: Buffer, final: boolean): Buffer {
  const head = Buffer.alloc(5);
  head[0] = final ? 1 : 0;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page as one gzip member with `nonce` written in, from the pieces deflated at store time. */
export function gzipWithNonce(body: NoncedBody, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  if (needle.length !== body.nonceLength || needle.length > 0xffff) throw new Error("nonce of another length");
  const parts: Buffer[] = [GZIP_HEADER];
  const nonceCrc = crc32(needle);
  const nonceShift = crc32Shift(needle.length);
  let crc = 0;
  let size = 0;
  body.deflated.forEach((run, index) => {
    if (index > 0) {
      parts.push(storedBlock(needle, false));
      crc = crc32Combine(crc, nonceCrc, needle.length, nonceShift);
      size += needle.length;
    }
    parts.push(run);
    crc = index === 0 ? body.crcs[0]! : crc32Combine(crc, body.crcs[index]!, body.lengths[index]!, body.shifts[index]!);
    size += body.lengths[index]!;
  });
  parts.push(storedBlock(Buffer.alloc(0), true));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

export const noncedBytes = (body: NoncedBody): number => body.deflated.reduce((n, p) => n + p.length + 16, 0);
