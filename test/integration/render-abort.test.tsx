/**
 * A render that never finishes (here a component waiting on a promise that never settles) is
 * aborted after its injected timeout, and rejects so that the error handler answers it.
 */
import { use } from 'react';
import { createLogger } from '../../src/server/observability/logger';
import { RenderAbortedError, renderToDocument } from '../../src/server/render/stream';
import { captureLogs } from '../support/logs';

function Stuck(): null {
  use(new Promise<never>(() => undefined));
  return null;
}

it('a stuck render is aborted after its timeout', async () => {
  const log = createLogger('info', captureLogs());
  await expect(renderToDocument(<Stuck />, { abortAfterMs: 10, log })).rejects.toEqual(new RenderAbortedError(10));
});

it('a finished render gives the whole document', async () => {
  const log = createLogger('info', captureLogs());
  const html = await renderToDocument(<html><body><p>done</p></body></html>, { abortAfterMs: 1000, log });
  expect(html.toString()).toBe('<!DOCTYPE html><html><head></head><body><p>done</p></body></html>');
});
