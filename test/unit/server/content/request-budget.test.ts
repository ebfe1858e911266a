import { budgetedViews, type RequestBudget } from '../../../../src/server/content/request-budget';
import { UpstreamError } from '../../../../src/server/content/upstream-error';

interface Client {
  double(n: number): Promise<number>;
  greet(name: string, punctuation: string): Promise<string>;
}

/** A budget on a clock the test sets. */
function budgetOf(deadline: number, clock: { at: number }): RequestBudget {
  return { deadline, now: () => clock.at };
}

describe('budgetedViews', () => {
  const clock = { at: 0 };
  beforeEach(() => {
    clock.at = 0;
  });

  it('passes each call, with its arguments, to the client while the budget lasts', async () => {
    const client: Client = { double: async (n) => n * 2, greet: async (name, punctuation) => `hello ${name}${punctuation}` };
    const view = budgetedViews(client)(budgetOf(1000, clock));
    await expect(view.double(21)).resolves.toBe(42);
    await expect(view.greet('you', '!')).resolves.toBe('hello you!');
  });

  it('fails a call as an upstream timeout, without making it, once its view’s budget is spent', async () => {
    const double = jest.fn(async (n: number) => n * 2);
    const viewOf = budgetedViews<Client>({ double, greet: async () => '' });
    const spent = viewOf(budgetOf(100, clock));
    const lasting = viewOf(budgetOf(1000, clock));
    clock.at = 500;
    const failure = await spent.double(1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).kind).toBe('timeout');
    expect(double).not.toHaveBeenCalled();
    // Views of one client keep their own budgets.
    await expect(lasting.double(2)).resolves.toBe(4);
    expect(double).toHaveBeenCalledTimes(1);
  });

  it('never gives up a call whose budget has no end, or ends past what a timer can wait', async () => {
    jest.useFakeTimers();
    try {
      for (const deadline of [Number.POSITIVE_INFINITY, 2 ** 32]) {
        let answer: (value: number) => void = () => undefined;
        const client: Client = { double: () => new Promise<number>((resolve) => (answer = resolve)), greet: async () => '' };
        const outcome = budgetedViews(client)(budgetOf(deadline, clock)).double(1);
        // Node, and the fake clock, fire a timer set past 2^31 - 1 ms after 1 ms.
        jest.advanceTimersByTime(10);
        answer(2);
        await expect(outcome).resolves.toBe(2);
      }
    } finally {
      jest.useRealTimers();
    }
  });

  it('calls the function the client holds when the call is made', async () => {
    const client: Client = { double: async (n) => n * 2, greet: async () => '' };
    const view = budgetedViews(client)(budgetOf(1000, clock));
    client.double = async (n) => n * 3;
    await expect(view.double(2)).resolves.toBe(6);
  });
});
