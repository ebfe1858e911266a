/**
 * Where an answer sent `null` for a list that parsing read as empty (records.ts, listOf): the
 * record is still good, but its author should hear about it once. Found by walking the parsed
 * record beside the raw one, so it follows the schema without a list of field names. Pure.
 */
function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Dotted paths of the fields that are `null` in `raw` and an empty list in `parsed`. */
export function nullListPaths(raw: unknown, parsed: unknown, prefix = ''): string[] {
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  const paths: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!Object.hasOwn(raw, key)) continue;
    const rawValue = raw[key];
    if (rawValue === null && Array.isArray(value) && value.length === 0) paths.push(prefix + key);
    else paths.push(...nullListPaths(rawValue, value, `${prefix}${key}.`));
  }
  return paths;
}
