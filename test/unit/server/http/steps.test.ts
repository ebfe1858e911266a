import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { ANSWERED, requestSteps, type LastStep, type Nothing, type Stage, type Step } from '../../../../src/server/http/steps';

const resolveHost: Step<Nothing, Stage<'host' | 'siteKey'>> = () => ({ host: 'cooking.example.com', siteKey: 'cooking' });
const answerWithHost: LastStep<Stage<'host'>> = async (_req, res, { host }) => {
  res.send(`page of ${host}`);
};

/** An app whose chain is the given handler, with an error handler that says how far the locals got. */
function appWith(chain: express.RequestHandler) {
  const app = express();
  app.use(chain);
  const reportLocals: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ error: error.message, host: res.locals.host ?? null, site: res.locals.site ?? null });
  };
  app.use(reportLocals);
  return app;
}

describe('requestSteps', () => {
  it('runs the steps in order, each handed what the ones before it added', async () => {
    const seen: string[] = [];
    const chain = requestSteps()
      .step(resolveHost)
      .step(async (_req, _res, { host, siteKey }) => {
        seen.push(`${siteKey}@${host}`);
        return {};
      })
      .last(answerWithHost);
    const response = await request(appWith(chain)).get('/').expect(200);
    expect(response.text).toBe('page of cooking.example.com');
    expect(seen).toEqual(['cooking@cooking.example.com']);
  });

  it('builds two chains from one start without either seeing the other\'s steps', async () => {
    const start = requestSteps().step(resolveHost);
    const toCooking = start.step(() => ({ siteKey: 'cooking-too' })).last(async (_req, res, { siteKey }) => void res.send(siteKey));
    const plain = start.last(async (_req, res, { siteKey }) => void res.send(siteKey));
    expect((await request(appWith(toCooking)).get('/').expect(200)).text).toBe('cooking-too');
    expect((await request(appWith(plain)).get('/').expect(200)).text).toBe('cooking');
  });

  it('stops at a step that answered: the steps after it do not run', async () => {
    const later = jest.fn(answerWithHost);
    const chain = requestSteps()
      .step(resolveHost)
      .step((_req, res) => {
        res.status(308).set('location', 'https://cooking.example.com/').end();
        return ANSWERED;
      })
      .last(later);
    await request(appWith(chain)).get('/').expect(308);
    expect(later).not.toHaveBeenCalled();
  });

  it('hands a thrown failure, sync or async, to the error handler, with the locals the steps before it set', async () => {
    const failSync = requestSteps()
      .step(resolveHost)
      .step((): Nothing => {
        throw new Error('no settings');
      })
      .last(answerWithHost);
    const failAsync = requestSteps()
      .step(resolveHost)
      .step(async (): Promise<Nothing> => {
        throw new Error('no settings');
      })
      .last(answerWithHost);
    for (const chain of [failSync, failAsync]) {
      const response = await request(appWith(chain)).get('/').expect(500);
      expect(response.body).toEqual({ error: 'no settings', host: 'cooking.example.com', site: null });
    }
  });

  it('does not compile a step placed before the one that adds what it needs', () => {
    // The assertions here are the compiler's (npm run typecheck): each line marked as an
    // expected error must fail to compile, or the typecheck fails.
    // @ts-expect-error: nothing has resolved the host yet
    const hostBeforeResolution = requestSteps().last(answerWithHost);
    const needsSite: Step<Stage<'site'>, Nothing> = () => ({});
    // @ts-expect-error: host resolution does not resolve the site
    const siteAfterHostOnly = requestSteps().step(resolveHost).step(needsSite);
    expect([typeof hostBeforeResolution, typeof siteAfterHostOnly]).toEqual(['function', 'object']);
  });
});
