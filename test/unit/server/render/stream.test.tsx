/**
 * The rules of src/server/render/stream.ts that a reader cannot see in its output.
 *
 * What a finished render leaves behind (the top of stream.ts): React
 * keeps its request after the response is over, until the event loop's check phase, and an idle
 * keep-alive connection keeps it as long as the connection waits (its timer was set inside
 * React's work, and keeps that async context). Neither may reach the page's response or element.
 * Counted with v8.queryObjects, which makes a full collection first.
 *
 * How a streamed page's first pass reaches the socket: as one write (`QuietSink`), however many
 * chunks React makes of it (docs/architecture.md, the table of memos and garbage rules).
 */
import express from 'express';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { Suspense, use } from 'react';
import { queryObjects } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { createBrotliDecompress } from 'node:zlib';
import pino from 'pino';
import { renderToDocument, streamDocument } from '../../../../src/server/render/stream';

type Marker = object;

/**
 * A class of objects only a page's response or element reach, one per test. queryObjects counts
 * only objects of the process's main context, and Jest runs a test in a context of its own, so
 * the class is made in the main one.
 */
function markerClass(): { Marker: new () => Marker; live: () => number } {
  const Marker = runInThisContext('(class PageMarker {})') as new () => Marker;
  return { Marker, live: () => queryObjects(Marker, { format: 'count' }) };
}

const log = pino({ level: 'silent' });

/** How many markers are live once none is, or after `turns` turns of the event loop. */
async function liveAfterTurns(live: () => number, turns: number): Promise<number> {
  let count = live();
  for (let turn = 0; turn < turns && count > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    count = live();
  }
  return count;
}

function Page({ marker }: { marker: Marker }) {
  return (
    <html>
      <head>
        <title>A page</title>
      </head>
      <body>
        <p>{marker ? 'page' : ''}</p>
      </body>
    </html>
  );
}

let server: Server | undefined;
afterEach(() => server?.close());

test('a streamed page: an idle keep-alive connection keeps neither its response nor its element', async () => {
  const { Marker, live } = markerClass();
  const closed: Promise<unknown>[] = [];
  const app = express();
  app.get('/', (req, res) => {
    res.locals.marker = new Marker();
    closed.push(once(res, 'close'));
    void streamDocument(req, res, <Page marker={new Marker()} />, 200, { abortAfterMs: 5000, log, nonce: undefined });
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const agent = new http.Agent({ keepAlive: true });
  const body = await new Promise<string>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: (server?.address() as AddressInfo).port, agent }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(text));
    }).on('error', reject);
  });
  await Promise.all(closed);
  expect(body).toContain('<p>page</p>');
  // Past a few turns of the event loop React's own scheduled work has let go (one turn was not
  // always enough on a loaded CI machine); the connection stays idle and open all along, and
  // what it keeps, it would keep for good.
  expect(await liveAfterTurns(live, 10)).toBe(0);
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
  agent.destroy();
});

test('a whole document: once it is rendered, nothing React keeps reaches the element', async () => {
  const { Marker, live } = markerClass();
  const html = await renderToDocument(<Page marker={new Marker()} />, { abortAfterMs: 5000, log });
  expect(html.toString()).toContain('<p>page</p>');
  expect(live()).toBe(0);
});

/** A page far larger than a socket's buffers: React's writes meet the response's backpressure. */
function LargePage({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <html>
      <body>
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </body>
    </html>
  );
}

test.each([['identity'], ['br']])('a streamed page larger than the socket buffers arrives whole to a client that reads slowly (%s)', async (encoding) => {
  const paragraphs = Array.from({ length: 2000 }, (_, i) => `paragraph ${i} ${'é·'.repeat(300)}`);
  const app = express();
  const ended: Promise<void>[] = [];
  app.get('/', (req, res) => {
    ended.push(streamDocument(req, res, <LargePage paragraphs={paragraphs} />, 200, { abortAfterMs: 5000, log, nonce: undefined }));
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const body = await new Promise<string>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: (server?.address() as AddressInfo).port, headers: { 'accept-encoding': encoding } }, (response) => {
      const decoded = response.headers['content-encoding'] === 'br' ? response.pipe(createBrotliDecompress()) : response;
      const chunks: Buffer[] = [];
      // Read from the next turn on: with a page this size the response's writes can outrun the
      // client, the case the sink's backpressure is for. The page must arrive whole either way.
      response.pause();
      setImmediate(() => response.resume());
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      decoded.on('error', reject);
    }).on('error', reject);
  });
  await Promise.all(ended);
  expect(body.length).toBeGreaterThan(1_000_000);
  for (const i of [0, 999, 1999]) expect(body).toContain(`<p>${paragraphs[i]}</p>`);
  expect(body.endsWith('</body></html>')).toBe(true);
});

/** Waits for `answer`: a part that streams in after the shell. */
function LatePart({ answer }: { answer: Promise<string> }) {
  return <p>{use(answer)}</p>;
}

/** A shell of many chunks (React writes its markup in views of a few KiB), with a part that comes later. */
function PageWithLatePart({ paragraphs, answer }: { paragraphs: readonly string[]; answer: Promise<string> }) {
  return (
    <html>
      <body>
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
        <Suspense fallback={<p>loading</p>}>
          <LatePart answer={answer} />
        </Suspense>
        <footer>end of the shell</footer>
      </body>
    </html>
  );
}

test('a streamed page: everything React writes for the shell reaches the response as one write, the late part after it', async () => {
  const paragraphs = Array.from({ length: 40 }, (_, i) => `paragraph ${i} ${'text '.repeat(60)}`);
  const late = Promise.withResolvers<string>();
  const writes: string[] = [];
  const firstWrite = Promise.withResolvers<void>();
  const app = express();
  const ended: Promise<void>[] = [];
  app.get('/', (req, res) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      writes.push(String(args[0]));
      firstWrite.resolve();
      return write(...args);
    }) as typeof res.write;
    ended.push(streamDocument(req, res, <PageWithLatePart paragraphs={paragraphs} answer={late.promise} />, 200, { abortAfterMs: 5000, log, nonce: 'n0nce' }));
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const body = new Promise<string>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: (server?.address() as AddressInfo).port, headers: { 'accept-encoding': 'identity' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(text));
    }).on('error', reject);
  });
  // React writes the shell's pass at once, within onShellReady: once one write is in, the pass is over.
  await firstWrite.promise;
  expect(writes.length).toBe(1);
  const [shell = ''] = writes;
  expect(shell.length).toBeGreaterThan(10_000);
  expect(shell).toContain(`<p>${paragraphs[0]}</p>`);
  expect(shell).toContain(`<p>${paragraphs[39]}</p>`);
  expect(shell).toContain('<footer>end of the shell</footer>');
  expect(shell).not.toContain('the late part');
  late.resolve('the late part');
  await Promise.all(ended);
  expect(writes.length).toBeGreaterThan(1);
  expect(writes.slice(1).join('')).toContain('<p>the late part</p>');
  expect(await body).toContain('<p>the late part</p>');
});
