import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodeBody, preferredEncoding } from '../../../../src/server/http/encoding';

const html = Buffer.from(`<!DOCTYPE html><html lang="en"><body>${'<p>An answer, with “quotes” and more text. </p>'.repeat(300)}</body></html>`);

describe('encodeBody', () => {
  it.each(['kept', 'once'] as const)('gzip and brotli forms decode to the same body (%s)', (effort) => {
    const gzip = encodeBody(html, 'gzip', effort);
    const br = encodeBody(html, 'br', effort);
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(br.length).toBeLessThan(html.length / 5);
  });

  it('spends more on a kept page than on one sent once', () => {
    expect(encodeBody(html, 'br', 'kept').length).toBeLessThanOrEqual(encodeBody(html, 'br', 'once').length);
  });

  it('encodes an empty body', () => {
    expect(brotliDecompressSync(encodeBody(Buffer.alloc(0), 'br', 'once')).length).toBe(0);
    expect(gunzipSync(encodeBody(Buffer.alloc(0), 'gzip', 'kept')).length).toBe(0);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
    // The client's weights decide; the server's order only breaks ties.
    ['br;q=0.5, gzip', 'gzip'],
    ['BR;q=0.9, gzip;q=0.8', 'br'],
    ['gzip, br;q=0.8, *;q=0.1', 'gzip'],
    ['deflate', 'identity'],
  ])('%p -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
