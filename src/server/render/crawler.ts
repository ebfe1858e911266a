/** Crawlers, by User-Agent (the isbot package's kept list). Pure. */
import { isbot } from 'isbot';
import { MAX_USER_AGENT_LENGTH } from '../../shared/user-agent';

/** A crawler gets the complete page in its first bytes instead of a streamed one. */
export function isCrawler(userAgent: string | undefined): boolean {
  // A visitor controls the header: only a bounded part of it is matched.
  return isbot(userAgent?.slice(0, MAX_USER_AGENT_LENGTH));
}
