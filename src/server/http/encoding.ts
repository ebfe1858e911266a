/**
 * Content encoding of pages, in one module: which encoding a client gets, and how a whole body
 * is compressed in one synchronous call (decision 0110): for a page of this size one call takes
 * a fraction of a millisecond, and brotli's window is sized to the body instead of its 4 MB
 * default.
 */
import { createHash } from 'node:crypto';
import Negotiator from 'negotiator';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** What the server offers, best first: the order breaks ties between encodings the client weighs the same. */
const OFFERED: readonly Encoding[] = ['br', 'gzip', 'identity'];

const isOffered = (name: string | undefined): name is Encoding => OFFERED.some((offered) => offered === name);

/**
 * The encoding the client prefers by its q-values (negotiator), br before gzip when it weighs
 * them the same; identity when it accepts neither. Pure.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(OFFERED, { preferred: OFFERED });
  return isOffered(chosen) ? chosen : 'identity';
}

/** `kept`: stored and sent many times (page cache), worth more effort; `once`: sent once. */
export type Effort = 'kept' | 'once';

const BROTLI_QUALITY: Readonly<Record<Effort, number>> = { kept: 6, once: 2 };
const GZIP_LEVEL = 6;

/** The compressor's settings for a whole body: brotli's window sized to the body, not its 4 MB default. */
function optionsOf(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: Effort): ZlibOptions | BrotliOptions {
  if (encoding === 'gzip') return { level: GZIP_LEVEL };
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));
  return { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort], [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
}

export function encodeBody(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: Effort): Buffer {
  return encoding === 'gzip' ? gzipSync(body, optionsOf(body, encoding, effort)) : brotliCompressSync(body, optionsOf(body, encoding, effort));
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The same in one call on zlib's thread pool, for bodies that can be megabytes (a sitemap): the event loop goes on meanwhile. */
export function encodeBodyOffThread(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: Effort): Promise<Buffer> {
  return encoding === 'gzip' ? gzipAsync(body, optionsOf(body, encoding, effort)) : brotliAsync(body, optionsOf(body, encoding, effort));
}

/**
 * One strong ETag per encoding of a body: the encoded bytes differ, so a client or cache that
 * holds one encoding must not be told by a 304 that it holds another. Pure.
 */
export function etagsOf(body: Buffer): Readonly<Record<Encoding, string>> {
  const hash = createHash('sha1').update(body).digest('base64url');
  return { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` };
}

/** Brotli's window for streamed pages: 256 KB, ample for a page and a bound on memory per response. */
const STREAM_BROTLI_WINDOW = 18;

/**
 * A compressor for a page that is streamed. React calls its `flush()` after each part it
 * writes (the shell, then each finished Suspense boundary), so every part leaves at once.
 */
export function createStreamEncoder(encoding: Exclude<Encoding, 'identity'>): Transform {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY.once, [constants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW } });
}
