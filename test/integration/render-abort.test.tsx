/**
 * A render that never finishes (here a component waiting on a promise that never settles) is
 * aborted after RENDER_ABORT_MS: the visitor gets the 500 page and support a `render.aborted` line.
 */
import express from 'express';
import { use } from 'react';
import request from 'supertest';
import { createLogger } from '../../src/server/logger';
import { RENDER_ABORT_MS, streamHtml } from '../../src/server/render/stream';
import { captureLogs } from '../support/logs';

function Stuck(): null {
  use(new Promise<never>(() => undefined));
  return null;
}

it('a stuck render is aborted within its deadline and answered with the 500 page', async () => {
  const logs = captureLogs();
  const logger = createLogger('info', logs);
  const app = express();
  app.get('/', (req, res) => {
    req.log = logger;
    void streamHtml(req, res, <Stuck />, 200);
  });
  const started = Date.now();
  const res = await request(app).get('/');
  const waited = Date.now() - started;
  expect(res.status).toBe(500);
  expect(res.text).toContain('Something went wrong');
  expect(waited).toBeGreaterThanOrEqual(RENDER_ABORT_MS - 50);
  expect(waited).toBeLessThan(RENDER_ABORT_MS + 2000);
  expect(logs.events('render.aborted')).toEqual([expect.objectContaining({ level: 50, timeoutMs: RENDER_ABORT_MS })]);
}, 15_000);
