/**
 * "Log this once" for warnings about a site's records (an unknown ad slot, a malformed ads.txt
 * line, a `null` list): true the first time a key is seen. Bounded: past `max` keys it says
 * false, so a flood of made-up records costs a fixed amount of memory and no log storm.
 */
export function reportOnce(max = 1000): (key: string) => boolean {
  const reported = new Set<string>();
  return function isFirstReport(key) {
    if (reported.has(key) || reported.size >= max) return false;
    reported.add(key);
    return true;
  };
}
