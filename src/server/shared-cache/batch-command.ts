/**
 * The store's operations sent in batches, each batch one command: one call of the BATCH script
 * (store-scripts.ts) with every operation of the batch, in the order issued, each with its own
 * reply. Each command costs this process more than the server's work for it: ioredis makes a
 * command object, its promises and its protocol text each (decision 0426), and the store's work
 * for it costs the busy instance's long tail more than the operations in it (decision 0430).
 *
 * When a batch goes (decision 0430):
 * - at the end of the event-loop turn its first operation was issued in (the check phase,
 *   setImmediate), when no command of the store's is waiting for its reply: a quiet instance
 *   waits for nothing;
 * - else BATCH_WINDOW_MS after that: a busy instance gathers the operations of several turns
 *   (several views) into one command, and a view waits at most that long more for the store;
 * - at once when it holds MAX_BATCH_OPERATIONS: a command's size is bounded.
 * The store runs a batch's operations in order, so it sees them as issued: a read after a write
 * of its key sees the write, a purge's read of a tag after a write that adds to it finds that
 * write.
 *
 * Not ioredis's own automatic pipelining: it sends one batch at a time, so a batch waits until
 * the one before it is answered, behind the loop's lag; here two batches can be in flight
 * together. The command, not each operation, goes through the store's breaker and reply deadline
 * (store.ts): one failure a lost or late command, one timer entry, one promise of the breaker's,
 * however many operations it carries; its deadline runs from when it is written.
 */
import { type BatchReply, BATCH_OPERATIONS, type OperationCode, type ScriptArgument } from './store-scripts';

/** How long a batch gathers operations while another command is waiting for its reply. */
export const BATCH_WINDOW_MS = 3;
/** The most operations one command carries. */
export const MAX_BATCH_OPERATIONS = 256;

/** One operation's settlement: its reply, or its failure (its own, or the command's). */
type Settle = (outcome: BatchReply | Error) => void;

interface Batch {
  codes: string;
  readonly keys: string[];
  readonly args: ScriptArgument[];
  readonly settles: Settle[];
}

export interface BatchCommands {
  /** An operation of the next batch's command (its keys and arguments as BATCH_OPERATIONS says); the promise is its reply. */
  run(code: OperationCode, keys: readonly string[], args: readonly ScriptArgument[]): Promise<BatchReply>;
}

/** Sends the BATCH script's call (its number of keys, then its keys, then its arguments) and answers its replies. */
export type BatchDispatch = (numberOfKeys: number, keysThenArgs: ScriptArgument[]) => Promise<(BatchReply | Error)[]>;

/** Sends a batch: each operation gets its own reply or error, or the command's failure (a lost connection, a late reply); `answered` once it has either. */
function send(dispatch: BatchDispatch, { codes, keys, args, settles }: Batch, answered: () => void): void {
  dispatch(keys.length, [...keys, codes, ...args]).then(
    (replies) => {
      answered();
      settles.forEach((settle, index) => settle(index < replies.length ? (replies[index] as BatchReply | Error) : new Error('no reply')));
    },
    (error: unknown) => {
      answered();
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const settle of settles) settle(failure);
    },
  );
}

export function batchCommands(dispatch: BatchDispatch): BatchCommands {
  let current: Batch | undefined;
  /** Commands sent and not yet answered. */
  let waiting = 0;
  const answered = () => {
    waiting--;
  };

  /** Sends `batch` unless it has gone already (full, or its window passed). */
  function sendNow(batch: Batch): void {
    if (current !== batch) return;
    current = undefined;
    waiting++;
    send(dispatch, batch, answered);
  }

  function batchNow(): Batch {
    if (current) return current;
    const made: Batch = { codes: '', keys: [], args: [], settles: [] };
    current = made;
    setImmediate(() => {
      if (waiting === 0) sendNow(made);
      else setTimeout(() => sendNow(made), BATCH_WINDOW_MS);
    });
    return made;
  }

  return {
    run: (code, keys, args) =>
      new Promise<BatchReply>((resolve, reject) => {
        const batch = batchNow();
        batch.codes += BATCH_OPERATIONS[code];
        for (const key of keys) batch.keys.push(key);
        for (const arg of args) batch.args.push(arg);
        batch.settles.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
        if (batch.settles.length >= MAX_BATCH_OPERATIONS) sendNow(batch);
      }),
  };
}
