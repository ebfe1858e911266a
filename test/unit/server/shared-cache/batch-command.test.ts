import { batchCommands, type BatchDispatch, MAX_BATCH_OPERATIONS } from '../../../../src/server/shared-cache/batch-command';
import type { BatchReply, ScriptArgument } from '../../../../src/server/shared-cache/store-scripts';

interface Sent {
  readonly codes: string;
  readonly keys: readonly ScriptArgument[];
  answer(replies: (BatchReply | Error)[]): void;
  fail(error: Error): void;
}

/** A dispatch that records each command and answers it when the test says; `next()` resolves with the next command sent. */
function fakeStore() {
  const sent: Sent[] = [];
  const waiters: ((command: Sent) => void)[] = [];
  const dispatch: BatchDispatch = (numberOfKeys, keysThenArgs) =>
    new Promise((resolve, reject) => {
      const command: Sent = { codes: String(keysThenArgs[numberOfKeys]), keys: keysThenArgs.slice(0, numberOfKeys), answer: resolve, fail: reject };
      sent.push(command);
      waiters.shift()?.(command);
    });
  const next = () => new Promise<Sent>((resolve) => waiters.push(resolve));
  return { sent, dispatch, next };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchCommands', () => {
  it('sends an operation at the end of its turn when no command waits for its reply, with its own reply', async () => {
    const store = fakeStore();
    const batches = batchCommands(store.dispatch);
    const reply = batches.run('read', ['a'], []);
    expect(store.sent).toHaveLength(0);
    await nextTurn();
    expect(store.sent.map((command) => command.codes)).toEqual(['r']);
    store.sent[0]?.answer([Buffer.from('1')]);
    await expect(reply).resolves.toEqual(Buffer.from('1'));
  });

  it('sends the operations of one turn as one command, in the order issued', async () => {
    const store = fakeStore();
    const batches = batchCommands(store.dispatch);
    const replies = Promise.all([batches.run('readOrClaim', ['a', 'lock:a'], ['me', 500]), batches.run('keep', ['b', 'lock:b'], [0, 'v', 1000, 1000, 'b'])]);
    await nextTurn();
    expect(store.sent).toHaveLength(1);
    expect(store.sent[0]?.codes).toBe('ck');
    expect(store.sent[0]?.keys).toEqual(['a', 'lock:a', 'b', 'lock:b']);
    store.sent[0]?.answer([[null, 1], 1]);
    await expect(replies).resolves.toEqual([[null, 1], 1]);
  });

  it('while a command waits for its reply, gathers the operations of later turns into one command', async () => {
    const store = fakeStore();
    const batches = batchCommands(store.dispatch);
    const first = batches.run('read', ['a'], []);
    await nextTurn();
    expect(store.sent).toHaveLength(1);
    // The first command is not answered: two more turns' operations wait for the window together.
    const second = store.next();
    const later = [batches.run('read', ['b'], [])];
    await nextTurn();
    later.push(batches.run('read', ['c'], []));
    await nextTurn();
    later.push(batches.run('release', ['lock:d'], ['me']));
    const gathered = await second;
    expect(gathered.codes).toBe('rru');
    expect(gathered.keys).toEqual(['b', 'c', 'lock:d']);
    gathered.answer([null, Buffer.from('3'), 1]);
    await expect(Promise.all(later)).resolves.toEqual([null, Buffer.from('3'), 1]);
    // Answered, the store waits for nothing: the next operation goes at the end of its turn again.
    store.sent[0]?.answer([null]);
    await first;
    void batches.run('read', ['e'], []);
    await nextTurn();
    expect(store.sent.map((command) => command.codes)).toEqual(['r', 'rru', 'r']);
  });

  it(`sends a batch at once when it holds ${MAX_BATCH_OPERATIONS} operations; the rest go in the next`, async () => {
    const store = fakeStore();
    const batches = batchCommands(store.dispatch);
    for (let index = 0; index <= MAX_BATCH_OPERATIONS; index++) void batches.run('read', [`k${index}`], []).catch(() => undefined);
    // Sent within the turn, before its end.
    expect(store.sent).toHaveLength(1);
    expect(store.sent[0]?.codes).toHaveLength(MAX_BATCH_OPERATIONS);
    const rest = await store.next();
    expect(rest.keys).toEqual([`k${MAX_BATCH_OPERATIONS}`]);
  });

  it("fails every operation of a command that failed, with the command's error; a short reply fails the operations it lacks", async () => {
    const store = fakeStore();
    const batches = batchCommands(store.dispatch);
    const lost = Promise.allSettled([batches.run('read', ['a'], []), batches.run('read', ['b'], [])]);
    await nextTurn();
    store.sent[0]?.fail(new Error('connection lost'));
    expect((await lost).map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : 'answered'))).toEqual(['connection lost', 'connection lost']);
    const short = Promise.allSettled([batches.run('read', ['c'], []), batches.run('read', ['d'], [])]);
    await nextTurn();
    store.sent[1]?.answer([Buffer.from('c')]);
    expect((await short).map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : 'answered'))).toEqual(['answered', 'no reply']);
  });
});
