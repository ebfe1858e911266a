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
