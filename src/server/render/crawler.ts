/** Crawlers, by User-Agent (the isbot package's kept list). */
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { MAX_USER_AGENT_LENGTH } from '../../shared/user-agent';

/**
 * isbot's one large expression is dear where it matters: V8 drops its compiled code as the
 * heap churns and compiles it again. Visitors' browsers send a few hundred distinct strings, so
 * each is matched once and its answer kept (at most this many, of at most 512 characters).
 */
const KNOWN_USER_AGENTS = 1_000;
const answers = new LRUCache<string, boolean>({ max: KNOWN_USER_AGENTS });

/** A crawler gets the complete page in its first bytes instead of a streamed one. */
export function isCrawler(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return isbot(userAgent);
  // A visitor controls the header: only a bounded part of it is matched.
  const matched = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  let answer = answers.get(matched);
  if (answer === undefined) answers.set(matched, (answer = isbot(matched)));
  return answer;
}
