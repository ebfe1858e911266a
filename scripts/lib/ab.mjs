/** The pure parts of the `ab` benchmark (scripts/bench/ab.mjs): its arguments, extra env and medians. */
import path from 'node:path';

export const AB_USAGE = 'usage: npm run bench -- ab <dirA> <dirB> [pairs=6]   (each dir a checkout with a built dist/)';

/**
 * `<dirA> <dirB> [pairs]` as absolute dirs (relative ones taken from `cwd`, the folder the
 * command was typed in) and a whole number of pairs (6 unless given). Throws the usage line
 * on anything else. Pure.
 */
export function abArgsOf(argv, cwd) {
  const [dirA, dirB, pairs = '6', ...rest] = argv;
  if (!dirA || !dirB || rest.length > 0 || !/^[1-9]\d*$/.test(pairs)) throw new Error(AB_USAGE);
  return { dirA: path.resolve(cwd, dirA), dirB: path.resolve(cwd, dirB), pairs: Number(pairs) };
}

/** `NAME=value NAME=value` (ENV_A, ENV_B) as an env object; throws on a word without `=`. Pure. */
export function envAssignmentsOf(text = '') {
  const env = {};
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Za-z_]\w*)=(.*)$/.exec(word);
    if (!match) throw new Error(`not NAME=value: ${JSON.stringify(word)}`);
    env[match[1]] = match[2];
  }
  return env;
}

/** The median (the mean of the middle two of an even count); NaN for none. Pure. */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
