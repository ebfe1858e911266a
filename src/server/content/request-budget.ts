/**
 * One upstream budget for a whole request (issue 15.4): a view of an upstream client (the
 * content API or the campaign service, same interface) whose every call gives up once the
 * request's budget is spent. Only this request stops waiting: the call itself goes on (the data
 * cache's shared fetch still fills the cache for the next request). A call that gives up fails
 * as an upstream timeout, so the page is built as for any failed lookup (a fallback, a degraded
 * page, or a 503 with Retry-After), never after a chain of full per-call timeouts.
 */
import { UpstreamError } from './upstream-error';

export interface RequestBudget {
  /** When the budget is spent, on the clock `now` reads (ms). */
  readonly deadline: number;
  readonly now: () => number;
}

/** The longest delay setTimeout keeps; Node fires a longer one after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A client: an object whose every property is an async call (ContentApi, CampaignApi). */
type Calls<T> = { readonly [K in keyof T]: (...args: never[]) => Promise<unknown> };

function spent(name: string, budgetLeftMs: number): UpstreamError {
  return new UpstreamError('timeout', `request-budget:${name}`, { message: `the request's upstream budget ran out ${budgetLeftMs <= 0 ? 'before' : 'while waiting for'} ${name}` });
}

/**
 * `wait`, or a timeout for the call `name` once the budget is spent (at once when it is
 * already). The wait itself goes on; its outcome after that is for whoever else holds it.
 */
export function untilSpent<T>(name: string, budget: RequestBudget, wait: Promise<T>): Promise<T> {
  const leftMs = budget.deadline - budget.now();
  return new Promise<T>((resolve, reject) => {
    if (leftMs <= 0) reject(spent(name, leftMs));
    // A budget past a timer's range (one without an end among them) sets none: such a timer would fire at once.
    const timer = leftMs > 0 && leftMs <= MAX_TIMER_MS ? setTimeout(() => reject(spent(name, leftMs)), leftMs) : undefined;
    wait.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** `call`, or a timeout when the budget runs out first (the call is not made once it has). */
export function withinBudget<T>(name: string, budget: RequestBudget, call: () => Promise<T>): Promise<T> {
  const leftMs = budget.deadline - budget.now();
  if (leftMs <= 0) return Promise.reject(spent(name, leftMs));
  return untilSpent(name, budget, call());
}

/**
 * Views of a client, one a request, each call bounded by the view's budget. The calls are made
 * once, here: a view is one small object, not a closure per call made for every request (see
 * content/request-content-api.ts). Each call looks its function up on the client when it is made.
 */
export function budgetedViews<T extends Calls<T>>(client: T): (budget: RequestBudget) => T {
  const View = class {
    constructor(readonly budget: RequestBudget) {}
  };
  const calls = client as Record<string, (...args: never[]) => Promise<unknown>>;
  for (const name of Object.keys(client)) {
    Object.defineProperty(View.prototype, name, {
      value: function (this: InstanceType<typeof View>, ...args: never[]) {
        return withinBudget(name, this.budget, () => Reflect.apply(calls[name] as (...callArgs: never[]) => Promise<unknown>, client, args));
      },
    });
  }
  return (budget) => new View(budget) as unknown as T;
}
