/**
 * Whether a page's secondary parts have all arrived by the check phase of this turn of the
 * event loop (decision 0180). Parts answered from memory (the data cache) settle within the
 * turn's microtasks; a part waiting on the network does not, and is streamed for. The wait ends
 * as soon as the parts settle, so a page whose parts are all in memory waits no longer than its
 * microtasks, and nothing of the request is kept alive into the next turn.
 */
import { clearImmediate, setImmediate } from 'node:timers';
import type { Pending } from '../../shared/pending';

export async function settledThisTurn(parts: readonly Pending<unknown>[]): Promise<boolean> {
  if (parts.every((part) => part.settled)) return true;
  let checkPhase: NodeJS.Immediate | undefined;
  const turnOver = new Promise<boolean>((resolve) => (checkPhase = setImmediate(resolve, false)));
  const allSettled = Promise.allSettled(parts.map((part) => part.promise)).then(() => true);
  const arrived = await Promise.race([allSettled, turnOver]);
  clearImmediate(checkPhase);
  return arrived;
}
