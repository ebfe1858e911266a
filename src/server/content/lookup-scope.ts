import type { Request, Response } from 'express';
import type { LookupScope } from './failures';

/** The request's lookup scope: its logger, and the parts of its page that fell back so far. */
export function lookupScopeOf(req: Request, res: Response): LookupScope {
  res.locals.fellBack ??= new Set();
  return { log: req.log, fellBack: res.locals.fellBack };
}
