/** The health probes (docs/interface.md, Routes): what they answer. Both ports answer them in front of everything else (probes.ts). */
import { ERRORS } from '../http/errors';

/** Flipped to false when shutdown begins, so the load balancer stops sending traffic. */
export interface Readiness {
  ready: boolean;
}

export interface ProbeAnswer {
  readonly status: number;
  readonly body: string;
}

/** The two probes, at the root of both ports (never under BASE_PATH). */
export type ProbeName = 'healthz' | 'readyz';

/** The probe a request asks for: GET or HEAD of exactly its path (the envelope's targetPath: any query); undefined when it is none. Pure. */
export function probeOf(method: string | undefined, path: string): ProbeName | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  return path === '/healthz' ? 'healthz' : path === '/readyz' ? 'readyz' : undefined;
}

/** /healthz: the process runs. Pure; shared by the public port and the metrics port. */
export const HEALTHY: ProbeAnswer = { status: 200, body: 'ok' };

/** /readyz: 200 while serving, 503 once shutdown has begun. Pure; shared by both ports. */
export function readinessAnswerOf(readiness: Readiness): ProbeAnswer {
  return readiness.ready ? { status: 200, body: 'ready' } : { status: ERRORS.NOT_READY.status, body: ERRORS.NOT_READY.message };
}

/** What a probe answers now. Pure. */
export function probeAnswerOf(probe: ProbeName, readiness: Readiness): ProbeAnswer {
  return probe === 'healthz' ? HEALTHY : readinessAnswerOf(readiness);
}
