/**
 * The store's commands of one event-loop turn, sent together at its end (the check phase,
 * setImmediate) as one ioredis pipeline: one socket write for all of them, and their replies
 * mostly in one read. On a busy instance a turn issues the commands of many views (about ten in
 * the long tail), and each command costs this process more than the server's work for it:
 * ioredis makes a command object, its promises and its protocol text each (decisions 0420, 0422).
 *
 * So the entries of a script that takes many (a view's read, read-or-lock and write) are merged:
 * a turn's entries of one such script go as one command at the place of the first, each with its
 * own part of the reply. An entry joins that command only when no command issued since touches
 * one of its keys: commands on other keys commute, so the store sees the turn as issued (a purge's
 * read of a tag, say, is not passed by a write issued after it that adds to that tag).
 *
 * Not ioredis's own automatic pipelining: it sends one batch at a time, so a turn's commands wait
 * until the batch before them is answered, behind the loop's lag; the pipelines of two turns are
 * in flight together here. The reply deadline runs from the end of the turn (reply-deadline.ts).
 */
import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';

export type ScriptArgument = string | number | Buffer;

/** A script that takes any number of entries, each its keys and its arguments, and replies `width` values an entry, in order. */
export interface MergedScript {
  readonly width: number;
  /** Adds the script to `pipeline` with every entry's keys, then every entry's arguments. */
  add(pipeline: ChainableCommander, keys: readonly string[], args: readonly ScriptArgument[]): void;
}

/** One command's settlement: its reply, or the pipeline's failure. */
type Settle = (error: Error | null, value: unknown) => void;

interface Command {
  readonly add: (pipeline: ChainableCommander) => void;
  readonly settle: Settle;
}

interface Merged extends Command {
  readonly keys: string[];
  readonly args: ScriptArgument[];
  readonly entries: Settle[];
}

interface Turn {
  readonly commands: Command[];
  /** For each key, the place of the last command that touches it. */
  readonly touched: Map<string, number>;
  /** For each script, its merged command and that command's place. */
  readonly open: Map<MergedScript, { readonly place: number; readonly command: Merged }>;
}

export interface TurnPipelines {
  /** A command of its own on this turn's pipeline, touching `keys`; the promise is its reply, of the type its caller knows it to give. */
  one<T>(keys: readonly string[], add: (pipeline: ChainableCommander) => void): Promise<T>;
  /** An entry of `script` (merged with the turn's others where they commute); the promise is its part of the reply. */
  merged<T>(script: MergedScript, keys: readonly string[], args: readonly ScriptArgument[]): Promise<T>;
}

/** Sends a turn: each command gets its own reply, or the pipeline's failure (a lost connection). */
function send(client: Redis, { commands }: Turn): void {
  const pipeline = client.pipeline();
  for (const command of commands) command.add(pipeline);
  pipeline.exec().then(
    (results) => {
      commands.forEach((command, index) => {
        const [error, value] = results?.[index] ?? [new Error('no reply'), undefined];
        command.settle(error, value);
      });
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const command of commands) command.settle(failure, undefined);
    },
  );
}

function mergedCommand(script: MergedScript): Merged {
  const keys: string[] = [];
  const args: ScriptArgument[] = [];
  const entries: Settle[] = [];
  return {
    keys,
    args,
    entries,
    add: (pipeline) => script.add(pipeline, keys, args),
    settle(error, value) {
      if (error || !Array.isArray(value)) {
        const failure = error ?? new Error('no reply');
        for (const entry of entries) entry(failure, undefined);
        return;
      }
      const { width } = script;
      entries.forEach((entry, index) => entry(null, width === 1 ? value[index] : value.slice(index * width, (index + 1) * width)));
    },
  };
}

const promised = <T>(settled: (settle: Settle) => void) =>
  new Promise<T>((resolve, reject) => settled((error, value) => (error ? reject(error) : resolve(value as T))));

export function turnPipelines(client: Redis): TurnPipelines {
  let current: Turn | undefined;

  function turnNow(): Turn {
    if (current) return current;
    const made: Turn = { commands: [], touched: new Map(), open: new Map() };
    current = made;
    setImmediate(() => {
      current = undefined;
      send(client, made);
    });
    return made;
  }

  function touch(turn: Turn, keys: readonly string[], place: number): void {
    for (const key of keys) turn.touched.set(key, place);
  }

  return {
    one: <T>(keys: readonly string[], add: (pipeline: ChainableCommander) => void) =>
      promised<T>((settle) => {
        const turn = turnNow();
        touch(turn, keys, turn.commands.push({ add, settle }) - 1);
      }),
    merged: <T>(script: MergedScript, keys: readonly string[], args: readonly ScriptArgument[]) =>
      promised<T>((settle) => {
        const turn = turnNow();
        const open = turn.open.get(script);
        const joined = open !== undefined && keys.every((key) => (turn.touched.get(key) ?? -1) <= open.place) ? open : undefined;
        const { place, command } = joined ?? { command: mergedCommand(script), place: turn.commands.length };
        if (joined === undefined) {
          turn.commands.push(command);
          turn.open.set(script, { place, command });
        }
        command.keys.push(...keys);
        command.args.push(...args);
        command.entries.push(settle);
        touch(turn, keys, place);
      }),
  };
}
