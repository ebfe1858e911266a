/**
 * The Deployment's probes tolerate one slow answer (issue 46): a probe times out only well past
 * what the metrics port needs, and no probe acts on a single failure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { Probe } from 'kubernetes-types/core/v1';
import { parse } from 'yaml';

const deployment = parse(readFileSync(path.resolve(__dirname, '../../deploy/kubernetes/deployment.yaml'), 'utf8')) as Deployment;
const app = deployment.spec?.template.spec?.containers[0];

describe.each([
  ['liveness', app?.livenessProbe],
  ['readiness', app?.readinessProbe],
  ['startup', app?.startupProbe],
] as [string, Probe | undefined][])('the %s probe', (_name, probe) => {
  it('waits at least 3 s for an answer and acts only after 3 failures in a row', () => {
    expect(probe?.timeoutSeconds).toBeGreaterThanOrEqual(3);
    expect(probe?.failureThreshold).toBeGreaterThanOrEqual(3);
  });
});
