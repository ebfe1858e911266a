import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express, { type Response } from 'express';
import { assetCompression } from '../../../../src/server/render/asset-compression';

/** An app whose one route sends half its body and holds the rest until `release`. */
function heldApp() {
  const held: (() => void)[] = [];
  const app = express();
  app.use(assetCompression(1));
  app.get('/file.js', (_req, res) => {
    res.type('js').write('x'.repeat(4096));
    // compression's flush: the headers and the first bytes leave now.
    (res as Response & { flush(): void }).flush();
    held.push(() => res.end('y'.repeat(4096)));
  });
  return { app, held };
}

function get(port: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/file.js', headers: { 'accept-encoding': 'br, gzip' } }, resolve).on('error', reject));
}

describe('assetCompression', () => {
  it('compresses at most its bound at once; past it the file goes as it is, with Vary either way', async () => {
    const { app, held } = heldApp();
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const first = await get(port);
      const second = await get(port);
      expect([first.headers['content-encoding'], second.headers['content-encoding']]).toEqual(['br', undefined]);
      expect([first.headers.vary, second.headers.vary]).toEqual(['Accept-Encoding', 'Accept-Encoding']);
      for (const release of held.splice(0)) release();
      await Promise.all([first, second].map((res) => once(res.resume(), 'end')));
      // The first compressor is gone: the next one compresses again.
      const third = await get(port);
      expect(third.headers['content-encoding']).toBe('br');
      for (const release of held.splice(0)) release();
      await once(third.resume(), 'end');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
