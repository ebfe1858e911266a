import { sharedPageBytes, sharedPageOf } from '../../../../src/server/shared-cache/page-tier';
import type { SharedPage } from '../../../../src/server/page-cache/page-cache';
import { STORE_FORMAT } from '../../../../src/server/shared-cache/store';

const page: SharedPage = {
  identity: Buffer.from('<!doctype html><p>é\u0000</p>'),
  gzip: undefined,
  br: Buffer.from([0, 1, 2, 255, 254]),
  etags: { identity: '"h"', gzip: '"h-gzip"', br: '"h-br"' },
  storedAt: 1_000_000,
  times: { freshMs: 10_000, staleMs: 60_000, lastGoodMs: 3_600_000 },
  labels: { route: 'article', site: 'main' },
  contentSecurityPolicy: "default-src 'self'",
  purgeKeys: undefined,
};

describe('a kept page as the shared tier stores it', () => {
  it('reads back as written, binary bodies byte for byte, absent forms absent', () => {
    const read = sharedPageOf(sharedPageBytes(page));
    expect(read).toEqual(page);
    expect(read?.identity.equals(page.identity)).toBe(true);
    expect(read?.br?.equals(page.br ?? Buffer.alloc(0))).toBe(true);
  });

  it('is not read when truncated, padded, of another format or not a page at all', () => {
    const bytes = sharedPageBytes(page);
    expect(sharedPageOf(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(sharedPageOf(Buffer.concat([bytes, Buffer.from('x')]))).toBeNull();
    expect(sharedPageOf(Buffer.from(bytes.toString('latin1').replace(`"f":${STORE_FORMAT}`, `"f":${STORE_FORMAT + 1}`), 'latin1'))).toBeNull();
    expect(sharedPageOf(Buffer.from(`{"f":${STORE_FORMAT}}`))).toBeNull();
    expect(sharedPageOf(Buffer.alloc(2))).toBeNull();
    expect(sharedPageOf(Buffer.from([0, 0, 0, 3, 0x7b, 0x7d, 0x7d]))).toBeNull();
  });
});
