/**
 * What is derived from a record and a few other inputs, made once and kept with the record in a
 * WeakMap while the other inputs are the same (===). The records are the API's answers as the
 * data cache hands them to every request while they are fresh; a new answer brings new records,
 * and what was kept with the old ones goes with them. One value per record: the latest inputs win.
 */
export function keptPerRecord<Key extends object, Inputs extends readonly unknown[], Value>(make: (record: Key, ...inputs: Inputs) => Value): (record: Key, ...inputs: Inputs) => Value {
  const kept = new WeakMap<Key, { readonly inputs: Inputs; readonly value: Value }>();
  return (record, ...inputs) => {
    const known = kept.get(record);
    if (known && sameInputs(known.inputs, inputs)) return known.value;
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
  const kept = new WeakMap<Key, { readonly inputs: Inputs; readonly value?: Value }>();
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
