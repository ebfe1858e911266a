const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside a `<script>` element (the app-state, JSON-LD): no value can close the
 * tag or start a comment, and U+2028/U+2029 are escaped for old parsers. Still valid JSON.
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  // Most documents have none of these characters; five fast searches cost less than the regex.
  const unsafe = json.includes('<') || json.includes('>') || json.includes('&') || json.includes('\u2028') || json.includes('\u2029');
  return unsafe ? json.replace(SCRIPT_UNSAFE, (char) => ESCAPES[char] ?? char) : json;
}
