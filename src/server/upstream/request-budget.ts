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

/** A client: an object whose every property is an async call (ContentApi, CampaignApi). */
type Calls<T> = { readonly [K in keyof T]: (...args: never[]) => Promise<unknown> };

function spent(name: string, budgetLeftMs: number): UpstreamError {
  return new UpstreamError('timeout', `request-budget:${name}`, { message: `the request's upstream budget ran out ${budgetLeftMs <= 0 ? 'before' : 'while waiting for'} ${name}` });
}

/** `call`, or a timeout when the budget runs out first. */
function withinBudget<T>(name: string, budget: RequestBudget, call: () => Promise<T>): Promise<T> {
  const leftMs = budget.deadline - budget.now();
  if (leftMs <= 0) return Promise.reject(spent(name, leftMs));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(spent(name, leftMs)), leftMs);
    call().then(
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

/** The same client, each call bounded by the request's budget. */
export function budgetedView<T extends Calls<T>>(client: T, budget: RequestBudget): T {
  const view: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, call] of Object.entries<(...args: never[]) => Promise<unknown>>(client)) {
    view[name] = (...args) => withinBudget(name, budget, () => call(...args));
  }
  return view as T;
}
