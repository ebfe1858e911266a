/**
 * The Express chain's steps from host resolution on, typed in order: each step says what it
 * needs of the request's locals and returns what it adds, and a step placed before the one that
 * adds what it needs does not compile. The chain runs as one Express handler; the locals it
 * fills are the request's `res.locals`, which the error handler and the access-log line read
 * as far as the request got.
 */
import type { Request, RequestHandler, Response } from 'express';

/**
 * What a step needs of the locals (declared once on Express's global `Locals`, front-door/locals.ts):
 * each of these fields, set. The chain guarantees it: a step placed before the one that sets a
 * field it needs does not compile.
 */
export type Stage<Field extends keyof Express.Locals> = { readonly [Name in Field]-?: NonNullable<Express.Locals[Name]> };

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

/**
 * A step as the runner holds it. The runner hands every step the request's locals, which by
 * then hold what the step's own type says: the compiler checked that when the step was added.
 */
type AnyStep = Step<Express.Locals, Additions>;

/**
 * The steps so far, in order. They run in one loop, and a step's answer is awaited only when it
 * is a promise: most steps are synchronous, and a nested async wrapper per step would cost
 * every request a promise and a microtask turn per step.
 */
function chainOf<Current extends object>(steps: readonly AnyStep[]): StepChain<Current> {
  return {
    step: <Adds extends Additions>(next: Step<Current, Adds>): StepChain<Current & Adds> => chainOf<Current & Adds>([...steps, next as unknown as AnyStep]),
    last: (final) => {
      const answer = final as unknown as LastStep<Express.Locals>;
      return async function runSteps(req, res) {
        const stage = res.locals;
        for (const step of steps) {
          const result = step(req, res, stage);
          const added = result instanceof Promise ? await result : result;
          if (added === ANSWERED) return;
          Object.assign(stage, added);
        }
        await answer(req, res, stage);
      };
    },
  };
}

/** A chain of typed steps over the request's locals, which start with nothing guaranteed. */
export function requestSteps(): StepChain<Express.Locals> {
  return chainOf([]);
}
