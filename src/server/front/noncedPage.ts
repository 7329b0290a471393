/**
 * A nonce per response for pages served from the cache. A cached page was rendered once with one
 * script nonce; sent as it is, every visitor for minutes would share it, and a nonce that is
 * known in advance protects nothing. So a stored page is kept cut at its nonce, and each answer
 * puts a fresh one back:
 *
 * - the pieces between nonces are deflated once, each as an independent raw-deflate run ending on
 *   a sync flush (byte-aligned, not final), so no back-reference crosses a nonce;
 * - an answer is a gzip member assembled from those runs with the new nonce between them as
 *   stored (uncompressed) deflate blocks, a final empty block, and the CRC-32 and length of the
 *   whole: no compression on the hot path, only a CRC over the page (zlib.crc32).
 */
import "server-only";
import { constants, crc32, deflateRaw as deflateRawCallback } from "node:zlib";
import { promisify } from "node:util";

const deflateRaw = promisify(deflateRawCallback);

export interface NoncedBody {
  /** The page cut at every occurrence of its nonce (n + 1 pieces for n occurrences). */
  pieces: Buffer[];
  /** Each piece deflated on its own, ending on a sync flush. */
  deflated: Buffer[];
  /** Length of the nonce the pieces were cut at (every nonce we make has the same length). */
  nonceLength: number;
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
  // Copies: the pieces must not keep the whole rendered buffer alive through a view.
  const owned = pieces.map((p) => Buffer.from(p));
  const deflated = await Promise.all(owned.map((p) => deflateRaw(p, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })));
  return { pieces: owned, deflated, nonceLength: needle.length };
}

/** The page with `nonce` in every place the old one was. */
export function withNonce(body: NoncedBody, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  body.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(needle);
    parts.push(piece);
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
  let crc = 0;
  let size = 0;
  body.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(storedBlock(needle, false));
      crc = crc32(needle, crc);
      size += needle.length;
    }
    parts.push(body.deflated[index]!);
    crc = crc32(piece, crc);
    size += piece.length;
  });
  parts.push(storedBlock(Buffer.alloc(0), true));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

export const noncedBytes = (body: NoncedBody): number => body.pieces.reduce((n, p) => n + p.length, 0) + body.deflated.reduce((n, p) => n + p.length, 0);
