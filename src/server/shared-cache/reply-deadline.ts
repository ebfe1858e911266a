/**
 * How long the store's replies are waited for (CACHE_COMMAND_TIMEOUT_MS, decision 0396), with one
 * timer for every command in flight rather than one each.
 *
 * A reply is late only when it has not come by the time the event loop, after a look at its
 * sockets that began past the deadline, has read what came. Node runs due timers before it reads
 * sockets (the timers phase, then poll), so on an instance whose loop was held by renders the
 * deadline's timer would fire before a reply that came long ago is read, and the store would be
 * blamed for the loop's lag. The verdict is given in the check phase (setImmediate) of the turn the
 * timer fired in, right after that poll phase, and only on the commands due by the time the timer
 * fired (a deadline that passed while the poll phase ran waits for the next turn's).
 *
 * A deadline runs from the call, made when the command is written: a batch's operations are one
 * command written at the end of the turn, or of the batch's window (batch-command.ts), so the
 * time a batch gathers, and the rest of a turn held by renders, are not the store's. A visitor
 * waits no longer for the store than the window, the timeout and that one read, past what the
 * loop itself holds.
 */
export class LateReply extends Error {
  constructor(timeoutMs: number) {
    super(`no reply within ${timeoutMs} ms`);
    this.name = 'LateReply';
  }
}

interface Waiting {
  readonly due: number;
  settled: boolean;
  readonly late: () => void;
}

/** Settled entries are dropped from the front of the queue; past this many the array is compacted. */
const COMPACT_AFTER = 1024;

/** `within(reply)`: the reply, or a LateReply once `timeoutMs` has passed without it (as above). */
export function replyDeadline(timeoutMs: number, now: () => number = () => performance.now()): <T>(reply: Promise<T>) => Promise<T> {
  // In order of their deadlines: every command has the same timeout.
  let waiting: Waiting[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;

  /** The timer for the first deadline not yet settled, if any. */
  function arm(): void {
    while (head < waiting.length && waiting[head]?.settled) head++;
    if (head === waiting.length) {
      waiting = [];
      head = 0;
      timer = undefined;
      return;
    }
    if (head > COMPACT_AFTER) {
      waiting = waiting.slice(head);
      head = 0;
    }
    const first = waiting[head] as Waiting;
    timer = setTimeout(() => {
      const firedAt = now();
      setImmediate(() => expire(firedAt));
    }, Math.max(0, first.due - now()));
    timer.unref();
  }

  function expire(firedAt: number): void {
    for (; head < waiting.length; head++) {
      const entry = waiting[head] as Waiting;
      if (entry.settled) continue;
      if (entry.due > firedAt) break;
      entry.settled = true;
      entry.late();
    }
    arm();
  }

  return <T>(reply: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const entry: Waiting = { due: now() + timeoutMs, settled: false, late: () => reject(new LateReply(timeoutMs)) };
      waiting.push(entry);
      if (timer === undefined) arm();
      reply.then(
        (value) => {
          if (entry.settled) return;
          entry.settled = true;
          resolve(value);
        },
        (error: unknown) => {
          if (entry.settled) return;
          entry.settled = true;
          reject(error);
        },
      );
    });
}
