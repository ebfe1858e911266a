/**
 * What is derived from a record and a few other inputs, made once and kept with the record while
 * the other inputs are the same (===). The records are the API's answers as the data cache hands
 * them to every request while they are fresh; a new answer brings new records, and what was kept
 * with the old ones goes with them. One value per record and helper: the latest inputs win.
 *
 * Every helper keeps its values in one weak table, a slot each per record: a weak table's entry
 * costs the collector on every collection while its record lives, and an article used once (the
 * long tail) would otherwise hold an entry in the table of each helper it went through.
 */
interface Memo<Inputs, Value> {
  readonly inputs: Inputs;
  readonly value?: Value;
}

const memosOf = new WeakMap<object, Memo<readonly unknown[], unknown>[]>();
/** The next helper's slot in a record's memos. */
let slots = 0;

/** The memo slot of one helper: read and kept in the record's one entry. */
function memoSlot<Key extends object, Inputs extends readonly unknown[], Value>() {
  const slot = slots++;
  return {
    get: (record: Key) => memosOf.get(record)?.[slot] as Memo<Inputs, Value> | undefined,
    set(record: Key, memo: Memo<Inputs, Value>): void {
      const memos = memosOf.get(record);
      if (memos) memos[slot] = memo;
      else {
        const made: Memo<readonly unknown[], unknown>[] = [];
        made[slot] = memo;
        memosOf.set(record, made);
      }
    },
  };
}

export function keptPerRecord<Key extends object, Inputs extends readonly unknown[], Value>(make: (record: Key, ...inputs: Inputs) => Value): (record: Key, ...inputs: Inputs) => Value {
  const kept = memoSlot<Key, Inputs, Value>();
  return (record, ...inputs) => {
    const known = kept.get(record);
    if (known && sameInputs(known.inputs, inputs)) return known.value as Value;
    const value = make(record, ...inputs);
    kept.set(record, { inputs, value });
    return value;
  };
}

function sameInputs(kept: readonly unknown[], given: readonly unknown[]): boolean {
  if (kept.length !== given.length) return false;
  for (let index = 0; index < kept.length; index++) if (kept[index] !== given[index]) return false;
  return true;
}

/**
 * keptPerRecord for what pays only when a record is used again. The first use with given inputs
 * makes the value with `makeOnce` and keeps nothing but a mark; the second makes it with `make`
 * and keeps it. Where every view is an article nobody asked for before (the long tail), a
 * record is used once: nothing made for it outlives its request, and `makeOnce` can skip what
 * only a kept value needs (markup rendered apart, render/kept-part.tsx).
 */
export function keptFromSecondUse<Key extends object, Inputs extends readonly unknown[], Value>(
  make: (record: Key, ...inputs: Inputs) => Value,
  makeOnce: (record: Key, ...inputs: Inputs) => Value = make,
): (record: Key, ...inputs: Inputs) => Value {
  const kept = memoSlot<Key, Inputs, Value>();
  return (record, ...inputs) => {
    const known = kept.get(record);
    if (!known || !sameInputs(known.inputs, inputs)) {
      kept.set(record, { inputs });
      return makeOnce(record, ...inputs);
    }
    if ('value' in known) return known.value as Value;
    const value = make(record, ...inputs);
    kept.set(record, { inputs, value });
    return value;
  };
}
