/**
 * The Express chain's steps from host resolution on, typed in order: each step says what it
 * needs of the request's locals and returns what it adds, and a step placed before the one that
 * adds what it needs does not compile. The chain runs as one Express handler; the locals it
 * fills are the request's `res.locals`, which the error handler and the access-log line read
 * as far as the request got.
 */
import type { Request, RequestHandler, Response } from 'express';
import '../request/locals';

/** Returned by a step that has sent the answer itself: the steps after it do not run. */
export const ANSWERED = Symbol('answered');

/** What a step adds for the steps after it: fields declared on Express.Locals (locals.ts). */
type Additions = Partial<Express.Locals>;

/** What a step that only checks, or answers, adds. */
export type Nothing = Record<never, never>;

/**
 * One step: reads what the steps before it guarantee (`stage`), and returns what it adds or
 * ANSWERED. A failure is thrown: Express hands it to the error handler.
 */
export type Step<Needs, Adds extends Additions> = (req: Request, res: Response, stage: Needs) => Adds | typeof ANSWERED | Promise<Adds | typeof ANSWERED>;

/** The last step, which always answers. */
export type LastStep<Needs> = (req: Request, res: Response, stage: Needs) => Promise<void>;

/** The rest of the chain, from a stage on. */
type Run<Stage> = (req: Request, res: Response, stage: Stage) => Promise<void>;

/**
 * The steps so far, every one of them guaranteeing its additions to the ones after it. (Function
 * properties, not methods: the compiler checks a method's parameters both ways, which would let
 * a step that needs more than the chain holds through.)
 */
export interface StepChain<Current extends object> {
  /** The next step: it may need only what the steps so far add. */
  readonly step: <Adds extends Additions>(next: Step<Current, Adds>) => StepChain<Current & Adds>;
  /** The last step, and the chain as one Express handler. */
  readonly last: (final: LastStep<Current>) => RequestHandler;
}

/** `compose` puts the steps so far in front of the rest of the chain. */
function chainOf<Current extends object>(compose: (rest: Run<Current>) => Run<Express.Locals>): StepChain<Current> {
  return {
    step: <Adds extends Additions>(next: Step<Current, Adds>): StepChain<Current & Adds> =>
      chainOf<Current & Adds>((rest) =>
        compose(async (req, res, stage) => {
          const added = await next(req, res, stage);
          if (added !== ANSWERED) await rest(req, res, Object.assign(stage, added));
        }),
      ),
    last: (final) => {
      const run = compose(final);
      return function runSteps(req, res) {
        return run(req, res, res.locals);
      };
    },
  };
}

/** A chain of typed steps over the request's locals, which start with nothing guaranteed. */
export function requestSteps(): StepChain<Express.Locals> {
  return chainOf((rest) => rest);
}
