/**
 * Whole HTML bodies compressed in one synchronous call (decision 0110). A rendered page is one
 * buffer (decision 0080); for a page of this size one call takes a fraction of a millisecond,
 * far less than the streaming `compression` middleware spent on it, and brotli's window is
 * sized to the body instead of its 4 MB default.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from './page-cache/rules';

/** `kept`: stored and sent many times (page cache), worth more effort; `once`: sent once. */
export type Effort = 'kept' | 'once';

const BROTLI_QUALITY: Readonly<Record<Effort, number>> = { kept: 6, once: 2 };
const GZIP_LEVEL = 6;

export function encodeBody(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: Effort): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort], [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
