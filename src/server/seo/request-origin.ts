import type { Request } from 'express';
import { siteOrigin } from './urls';

/** The site's origin for this request (the thin adapter of `siteOrigin`). */
export function requestOrigin(req: Request, host: string): string {
  return siteOrigin(host, { protocol: req.protocol, rawHost: req.host });
}
