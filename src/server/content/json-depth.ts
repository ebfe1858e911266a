/**
 * How deeply a JSON text nests, read from the text before it is parsed. Records of the content
 * API nest a few levels; an answer nested thousands deep (in a pass-through field such as
 * `igp_settings`) would overflow the stack of every recursive reader after it (JSON.stringify
 * in the data cache, the page's app-state), so the upstream edge refuses it. Pure.
 */
const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether the quote at `at` is escaped: preceded by an odd run of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * True when objects and arrays in `text` nest deeper than `maxDepth` (brackets inside strings do
 * not count). A string is passed over with `indexOf` to its closing quote: most of an answer's
 * text is strings (an article's body), which a loop over every character read slowly.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      // An unclosed string: nothing after it counts (the parser refuses the text).
      if (end === -1) return false;
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
