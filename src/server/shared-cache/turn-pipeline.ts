/**
 * The store's commands of one event-loop turn, sent together at its end (the check phase,
 * setImmediate) as one ioredis pipeline: one socket write for all of them, and their replies
 * mostly in one read. On a busy instance a turn issues the commands of many views, and a socket
 * write and read a command cost this process more than the command itself (decision 0420).
 *
 * Not ioredis's own automatic pipelining: it sends one batch at a time, so a turn's commands wait
 * until the batch before them is answered, behind the loop's lag; the pipelines of two turns are
 * in flight together here. The reply deadline runs from the end of the turn (reply-deadline.ts).
 */
import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';

/** One command's place in the turn's pipeline, settled by its reply. */
type Reply = (error: Error | null, value: unknown) => void;

interface Turn {
  readonly pipeline: ChainableCommander;
  readonly replies: Reply[];
}

/** Sends a turn: each command gets its own reply, or the pipeline's failure (a lost connection). */
function send({ pipeline, replies }: Turn): void {
  pipeline.exec().then(
    (results) => {
      replies.forEach((reply, index) => {
        const [error, value] = results?.[index] ?? [new Error('no reply'), undefined];
        reply(error, value);
      });
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const reply of replies) reply(failure, undefined);
    },
  );
}

/**
 * `inTurn(add)`: `add` puts one command on this turn's pipeline; the promise is its reply, of
 * the type its caller knows the command to give.
 */
export function turnPipelines(client: Redis): <T>(add: (pipeline: ChainableCommander) => void) => Promise<T> {
  let current: Turn | undefined;
  return <T>(add: (pipeline: ChainableCommander) => void) => {
    let turn = current;
    if (turn === undefined) {
      const made: Turn = { pipeline: client.pipeline(), replies: [] };
      current = turn = made;
      setImmediate(() => {
        current = undefined;
        send(made);
      });
    }
    const { pipeline, replies } = turn;
    return new Promise<T>((resolve, reject) => {
      add(pipeline);
      replies.push((error, value) => (error ? reject(error) : resolve(value as T)));
    });
  };
}
