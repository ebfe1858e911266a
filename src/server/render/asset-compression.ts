import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compressors alive at once for the static assets. Assets skip admission (files on disk), and a
 * brotli or gzip stream holds 0.3-0.7 MB of state for its response's life: without a bound, a flood of asset requests accepting br would hold one per socket.
 */
export const MAX_ASSET_COMPRESSORS = 8;

/**
 * compression for the assets, past the bound sending the file as it is (every client takes
 * identity). `Vary: Accept-Encoding` either way, so a cache keeps the encodings apart.
 */
export function assetCompression(maxCompressors = MAX_ASSET_COMPRESSORS): RequestHandler {
  let alive = 0;
  const compress = compression({
    filter(req, res) {
      if (!req.headers['accept-encoding'] || alive >= maxCompressors || !compression.filter(req, res)) return false;
      alive += 1;
      res.once('close', () => (alive -= 1));
      return true;
    },
  });
  return function compressAsset(req, res, next) {
    res.vary('Accept-Encoding');
    compress(req, res, next);
  };
}
