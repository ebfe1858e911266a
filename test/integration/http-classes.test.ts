/** Node's request classes for the app's server (src/server/http-classes.ts), on loopback. */
import express, { type Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import request from 'supertest';
import { httpClassesFor } from '../../src/server/http-classes';

interface Observed {
  readonly prototypesKept: boolean;
  readonly nodeClasses: boolean;
  readonly app: boolean;
}

/** An app that reports what Express made of the request's objects, and answers with its API. */
function observingApp(): { app: Express; seen: Observed[]; before: WeakMap<object, object> } {
  const app = express();
  const seen: Observed[] = [];
  const before = new WeakMap<object, object>();
  app.use((req, res) => {
    seen.push({
      prototypesKept: Object.getPrototypeOf(req) === before.get(req) && Object.getPrototypeOf(res) === before.get(res),
      nodeClasses: req instanceof IncomingMessage && res instanceof ServerResponse,
      app: req.app === app,
    });
    res.status(201).set('x-query', String(req.query.a)).send(`host ${req.hostname}`);
  });
  return { app, seen, before };
}

describe('the request classes of the app server', () => {
  let server: Server;
  afterEach(() => server?.close());

  it('creates requests with the prototypes Express gives them, so Express changes none, and its API works', async () => {
    const { app, seen, before } = observingApp();
    const options = httpClassesFor(app);
    server = createServer(options, (req, res) => {
      before.set(req, Object.getPrototypeOf(req));
      before.set(res, Object.getPrototypeOf(res));
      app(req, res);
    });

    const answer = await request(server).get('/?a=1').set('Host', 'example.com');

    expect(answer.status).toBe(201);
    expect(answer.headers['x-query']).toBe('1');
    expect(answer.text).toBe('host example.com');
    expect(seen).toEqual([{ prototypesKept: true, nodeClasses: true, app: true }]);
  });

  it('leaves the app working on a server without them: Express then sets the prototypes itself', async () => {
    const { app, seen, before } = observingApp();
    httpClassesFor(app);
    server = createServer((req, res) => {
      before.set(req, Object.getPrototypeOf(req));
      before.set(res, Object.getPrototypeOf(res));
      app(req, res);
    });

    const answer = await request(server).get('/?a=2').set('Host', 'example.org');

    expect(answer.status).toBe(201);
    expect(answer.headers['x-query']).toBe('2');
    expect(answer.text).toBe('host example.org');
    expect(seen).toEqual([{ prototypesKept: false, nodeClasses: true, app: true }]);
  });
});
