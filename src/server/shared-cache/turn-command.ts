/**
 * The store's work of one event-loop turn, sent at its end (the check phase, setImmediate) as one
 * command: one call of the TURN script (store-scripts.ts) with every operation of the turn, in the
 * order issued, each with its own reply. On a busy instance a turn carries the operations of many
 * views (about ten in the long tail), and each command costs this process more than the server's
 * work for it: ioredis makes a command object, its promises and its protocol text each, and a
 * pipeline of its own (decision 0426). The store runs the script's operations in order, so it
 * sees the turn as issued: a read after a write of its key sees the write, a purge's read of a
 * tag after a write that adds to it finds that write.
 *
 * Not ioredis's own automatic pipelining: it sends one batch at a time, so a turn's commands wait
 * until the batch before them is answered, behind the loop's lag; the commands of two turns are
 * in flight together here. The command, not each operation, goes through the store's breaker and
 * reply deadline (store.ts): one failure a lost or late command, one timer entry, one promise of
 * the breaker's, however many operations it carries; its deadline runs from the end of the turn,
 * when it is written.
 */
import { type OperationCode, type ScriptArgument, TURN_OPERATIONS, type TurnReply } from './store-scripts';

/** One operation's settlement: its reply, or its failure (its own, or the command's). */
type Settle = (outcome: TurnReply | Error) => void;

interface Turn {
  codes: string;
  readonly keys: string[];
  readonly args: ScriptArgument[];
  readonly settles: Settle[];
}

export interface TurnCommands {
  /** An operation of this turn's command (its keys and arguments as TURN_OPERATIONS says); the promise is its reply. */
  run(code: OperationCode, keys: readonly string[], args: readonly ScriptArgument[]): Promise<TurnReply>;
}

/** Sends the TURN script's call (its number of keys, then its keys, then its arguments) and answers its replies. */
export type TurnDispatch = (numberOfKeys: number, keysThenArgs: ScriptArgument[]) => Promise<(TurnReply | Error)[]>;

/** Sends a turn: each operation gets its own reply or error, or the command's failure (a lost connection, a late reply). */
function send(dispatch: TurnDispatch, { codes, keys, args, settles }: Turn): void {
  dispatch(keys.length, [...keys, codes, ...args]).then(
    (replies) => {
      settles.forEach((settle, index) => settle(index < replies.length ? (replies[index] as TurnReply | Error) : new Error('no reply')));
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const settle of settles) settle(failure);
    },
  );
}

export function turnCommands(dispatch: TurnDispatch): TurnCommands {
  let current: Turn | undefined;

  function turnNow(): Turn {
    if (current) return current;
    const made: Turn = { codes: '', keys: [], args: [], settles: [] };
    current = made;
    setImmediate(() => {
      current = undefined;
      send(dispatch, made);
    });
    return made;
  }

  return {
    run: (code, keys, args) =>
      new Promise<TurnReply>((resolve, reject) => {
        const turn = turnNow();
        turn.codes += TURN_OPERATIONS[code];
        for (const key of keys) turn.keys.push(key);
        for (const arg of args) turn.args.push(arg);
        turn.settles.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
      }),
  };
}
