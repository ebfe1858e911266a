/**
 * JSON that is safe inside a `<script>` element (the app-state, JSON-LD): no value can close the
 * tag or start a comment, and U+2028/U+2029 are escaped for old parsers. Still valid JSON.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
