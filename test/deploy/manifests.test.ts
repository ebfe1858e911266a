/**
 * deploy/ parsed as the tools would read it: the Kubernetes manifests (validated against
 * Kubernetes' own schemas too), the Compose file and the nginx template, checked against each
 * other and against the Dockerfile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import type { ContainerPort, Service } from 'kubernetes-types/core/v1';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { parse, parseAllDocuments } from 'yaml';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** One YAML document of the given kind, typed as Kubernetes defines it. */
function manifest<T extends { kind?: string }>(file: string, kind: string): T {
  const documents = parseAllDocuments(read(`deploy/kubernetes/${file}`));
  if (documents.length !== 1 || !documents[0] || documents[0].errors.length > 0) throw new Error(`${file}: not one valid YAML document`);
  const parsed = documents[0].toJS() as T;
  if (parsed.kind !== kind) throw new Error(`${file}: kind ${parsed.kind}, expected ${kind}`);
  return parsed;
}

const deployment = manifest<Deployment>('deployment.yaml', 'Deployment');
const service = manifest<Service>('service.yaml', 'Service');
const podDisruptionBudget = manifest<PodDisruptionBudget>('pod-disruption-budget.yaml', 'PodDisruptionBudget');
const autoscaler = manifest<HorizontalPodAutoscaler>('horizontal-pod-autoscaler.yaml', 'HorizontalPodAutoscaler');
const pod = deployment.spec?.template.spec;
const app = pod?.containers[0];
const podLabels = deployment.spec?.template.metadata?.labels;
const containerPortNames = (app?.ports ?? []).map((port: ContainerPort) => port.name);

/** The contract (docs/interface.md): the process exits within 10 s of SIGTERM. */
const EXIT_AFTER_SIGTERM_SECONDS = 10;

/** Mebibytes of a Kubernetes memory quantity in Mi or Gi. */
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/** scripts/validate-manifests.mjs (kubernetes-models, an ES module) in a Node of its own. */
function validateManifests(files: string[] = []): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/validate-manifests.mjs'), ...files], { cwd: root, encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

describe("Kubernetes' own schemas", () => {
  test('accept every manifest of the kustomization', () => {
    const { status, lines } = validateManifests();
    expect(lines).toEqual([
      ...['deployment.yaml', 'service.yaml', 'service-instances.yaml', 'pod-disruption-budget.yaml', 'horizontal-pod-autoscaler.yaml', 'network-policy.yaml'].map((file) => `ok deploy/kubernetes/${file}#1`),
      // The shared cache tier's store: its StatefulSet, Service and NetworkPolicy.
      ...[1, 2, 3].map((document) => `ok deploy/kubernetes/valkey.yaml#${document}`),
      // The optional monitoring component.
      ...['monitoring/pod-monitor.yaml', 'monitoring/prometheus-rule.yaml'].map((file) => `ok deploy/kubernetes/${file}#1`),
    ]);
    expect(status).toBe(0);
  });

  test('refuse a manifest Kubernetes would refuse, naming what is wrong', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
    try {
      const broken = path.join(dir, 'broken.yaml');
      const withoutSelector = { ...deployment, spec: { ...deployment.spec, selector: undefined, replicas: 'two' } };
      writeFileSync(broken, JSON.stringify(withoutSelector));
      const { status, lines } = validateManifests([broken]);
      expect(status).toBe(1);
      expect(lines).toEqual([expect.stringMatching(/^invalid .*broken\.yaml#1: .*required property selector.*replicas must be integer/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** The validator's lines for these manifests, each a variant of one of deploy/kubernetes written as YAML. */
  function validateVariants(variants: Record<string, string>): { status: number | null; lines: string[] } {
    const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
    try {
      const files = Object.entries(variants).map(([name, text]) => {
        writeFileSync(path.join(dir, name), text);
        return path.join(dir, name);
      });
      return validateManifests(files);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('refuse an unknown field (kubectl apply would), naming where it is', () => {
    const { status, lines } = validateVariants({ 'deployment.yaml': read('deploy/kubernetes/deployment.yaml').replace('readinessProbe:', 'readinesProbe:') });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^invalid .*deployment\.yaml#1: spec\.template\.spec\.containers\[0\]\.readinesProbe: unknown field "readinesProbe" \(Kubernetes' Container has no such field\)$/)]);
  });

  test('refuse a port out of range, and a named port that the pods do not define', () => {
    const { status, lines } = validateVariants({
      'deployment.yaml': read('deploy/kubernetes/deployment.yaml').replace('containerPort: 9464', 'containerPort: 70000'),
      'service.yaml': read('deploy/kubernetes/service.yaml').replace('targetPort: metrics', 'targetPort: metric'),
      'network-policy.yaml': read('deploy/kubernetes/network-policy.yaml').replace('- port: metrics', '- port: metricz'),
    });
    expect(status).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/deployment\.yaml#1: spec\.template\.spec\.containers\[0\]\.ports\[1\]\.containerPort 70000 is not a port \(1-65535\)$/),
      expect.stringMatching(/service\.yaml#1: spec\.ports targetPort "metric" is no named port of the pods it selects$/),
      expect.stringMatching(/network-policy\.yaml#1: spec\.ingress port "metricz" is no named port of the pods it selects$/),
    ]);
  });

  test("refuse a Prometheus Operator resource with an unknown field, or a PodMonitor on a port the pods do not name", () => {
    const { status, lines } = validateVariants({
      'deployment.yaml': read('deploy/kubernetes/deployment.yaml'),
      'pod-monitor.yaml': read('deploy/kubernetes/monitoring/pod-monitor.yaml').replace('jobLabel:', 'jobLable:').replace('- port: metrics', '- port: metricz'),
      'prometheus-rule.yaml': read('deploy/kubernetes/monitoring/prometheus-rule.yaml').replace('  for: 2m', '  fore: 2m'),
    });
    expect(status).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/deployment\.yaml#1$/),
      expect.stringMatching(/pod-monitor\.yaml#1: spec\.jobLable: unknown field "jobLable" .*; spec\.podMetricsEndpoints port "metricz" is no named port of the pods it selects$/),
      expect.stringMatching(/prometheus-rule\.yaml#1: spec\.groups\[1\]\.rules\[0\]\.fore: unknown field "fore"/),
    ]);
  });

  test('refuse a probe on a port its container does not name', () => {
    const { status, lines } = validateVariants({ 'deployment.yaml': read('deploy/kubernetes/deployment.yaml').replace(/(readinessProbe:[\s\S]*?port: )metrics/, '$1admin') });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/readinessProbe names port "admin", which the container does not define$/)]);
  });
});

describe('Kubernetes manifests', () => {
  test('the optional monitoring component: a PodMonitor on the metrics port under the job the rules select, and the rules; Prometheus is let in on that port', () => {
    const component = parse(read('deploy/kubernetes/monitoring/kustomization.yaml')) as { kind: string; resources: string[] };
    expect(component).toMatchObject({ kind: 'Component', resources: ['pod-monitor.yaml', 'prometheus-rule.yaml'] });
    const podMonitor = parse(read('deploy/kubernetes/monitoring/pod-monitor.yaml')) as { spec: { jobLabel: string; selector: { matchLabels: Record<string, string> }; podMetricsEndpoints: { port: string; path: string }[] } };
    expect(podMonitor.spec.selector.matchLabels).toEqual(deployment.spec?.selector.matchLabels);
    expect(podLabels?.[podMonitor.spec.jobLabel]).toBe('qa-sites');
    expect(podMonitor.spec.podMetricsEndpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '30s' }]);
    const policy = manifest<NetworkPolicy>('network-policy.yaml', 'NetworkPolicy');
    const prometheusRule = policy.spec?.ingress?.find((rule) => rule.from?.some((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'prometheus'));
    expect(prometheusRule?.ports).toEqual([{ port: 'metrics' }]);
  });

  test("the app is told its container's memory request and limit (the dashboard's and the memory alert's)", () => {
    const fields = Object.fromEntries((app?.env ?? []).filter((variable) => variable.valueFrom?.resourceFieldRef).map((variable) => [variable.name, variable.valueFrom?.resourceFieldRef]));
    expect(fields).toEqual({ MEMORY_REQUEST_BYTES: { containerName: app?.name, resource: 'requests.memory' }, MEMORY_LIMIT_BYTES: { containerName: app?.name, resource: 'limits.memory' } });
  });

  test('every file of the kustomization is parsed here, and every manifest here is listed', () => {
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml')) as { resources: string[] };
    expect(kustomization.resources.sort()).toEqual(['deployment.yaml', 'horizontal-pod-autoscaler.yaml', 'network-policy.yaml', 'pod-disruption-budget.yaml', 'service-instances.yaml', 'service.yaml', 'valkey.yaml']);
  });

  test("the shared cache tier's store has its memory bounded, and the app points at its Service", () => {
    const [statefulSet, service] = parseAllDocuments(read('deploy/kubernetes/valkey.yaml')).map((document) => document.toJS() as { kind: string; metadata: { name: string }; spec: { template?: { spec: { containers: { args: string[] }[] } } } });
    const args = statefulSet?.spec.template?.spec.containers[0]?.args ?? [];
    expect(args[args.indexOf('--maxmemory') + 1]).toMatch(/^\d+mb$/);
    expect(args[args.indexOf('--maxmemory-policy') + 1]).toBe('allkeys-lru');
    expect(app?.env?.find((variable) => variable.name === 'CACHE_URL')?.value).toBe(`redis://${service?.metadata.name}:6379`);
  });

  test('the Deployment runs as the image user, non-root, read-only, with no capabilities', () => {
    const [, user, group] = /^USER (\d+):(\d+)$/m.exec(read('Dockerfile')) ?? [];
    expect(pod?.securityContext?.runAsNonRoot).toBe(true);
    expect(pod?.securityContext?.runAsUser).toBe(Number(user));
    expect(pod?.securityContext?.runAsUser).toBe(1000);
    expect(pod?.securityContext?.runAsGroup).toBe(Number(group));
    expect(app?.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(app?.securityContext?.allowPrivilegeEscalation).toBe(false);
    expect(app?.securityContext?.capabilities?.drop).toEqual(['ALL']);
    expect(app?.securityContext?.capabilities?.add).toBeUndefined();
  });

  test('probes: liveness on /healthz, readiness on /readyz, on the metrics port the app serves', () => {
    expect(app?.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(app?.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(containerPortNames).toContain(app?.livenessProbe?.httpGet?.port);
    expect(containerPortNames).toContain(app?.readinessProbe?.httpGet?.port);
    // The metrics port answers the probes with sockets of its own when the public port is full.
    expect(app?.livenessProbe?.httpGet?.port).toBe('metrics');
    expect(app?.readinessProbe?.httpGet?.port).toBe('metrics');
    const metricsPort = app?.ports?.find((port) => port.name === 'metrics');
    expect(app?.env?.find((entry) => entry.name === 'METRICS_PORT')?.value).toBe(String(metricsPort?.containerPort));
    const httpPort = app?.ports?.find((port) => port.name === 'http');
    expect(httpPort?.containerPort).toBe(Number(/^ENV .*\bPORT=(\d+)/m.exec(read('Dockerfile'))?.[1]));
  });

  test('the grace period covers the preStop pause and the drain after SIGTERM', () => {
    const [command, seconds] = app?.lifecycle?.preStop?.exec?.command ?? [];
    expect(command).toBe('sleep');
    const pauseSeconds = Number(seconds);
    expect(pauseSeconds).toBeGreaterThan(0);
    expect(pod?.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pauseSeconds + EXIT_AFTER_SIGTERM_SECONDS);
    // Not so long that a stuck pod holds a rollout for minutes.
    expect(pod?.terminationGracePeriodSeconds).toBeLessThanOrEqual(pauseSeconds + EXIT_AFTER_SIGTERM_SECONDS + 5);
  });

  test('resources: cpu and memory requested, memory limited above the request', () => {
    expect(app?.resources?.requests?.cpu).toMatch(/^\d+m?$/);
    const request = mebibytes(String(app?.resources?.requests?.memory));
    const limit = mebibytes(String(app?.resources?.limits?.memory));
    expect(request).toBeGreaterThanOrEqual(128);
    expect(limit).toBeGreaterThan(request);
  });

  test("the image's V8 heap bound stays below the memory limit, with room for code, buffers and the young generation", () => {
    const [, heap] = /"--max-old-space-size=(\d+)"/.exec(read('Dockerfile')) ?? [];
    const limit = mebibytes(String(app?.resources?.limits?.memory));
    expect(Number(heap)).toBeGreaterThanOrEqual(128);
    expect(Number(heap)).toBeLessThanOrEqual(limit - 96);
  });

  test('both upstream URLs come from a Secret (production requires them; they may carry credentials)', () => {
    for (const name of ['CONTENT_API_URL', 'CAMPAIGN_API_URL']) {
      const variable = app?.env?.find((entry) => entry.name === name);
      expect(variable?.valueFrom?.secretKeyRef?.name).toBeTruthy();
      expect(variable?.value).toBeUndefined();
    }
  });

  test('Service, PodDisruptionBudget and autoscaler select the Deployment and its pods', () => {
    expect(podLabels).toBeDefined();
    expect(deployment.spec?.selector.matchLabels).toEqual(podLabels);
    expect(service.spec?.selector).toEqual(podLabels);
    for (const port of service.spec?.ports ?? []) expect(containerPortNames).toContain(port.targetPort);
    expect(podDisruptionBudget.spec?.selector?.matchLabels).toEqual(podLabels);
    const minReplicas = autoscaler.spec?.minReplicas ?? 1;
    expect(podDisruptionBudget.spec?.maxUnavailable).toBeLessThan(minReplicas);
    expect(autoscaler.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata?.name });
    expect(minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec?.maxReplicas).toBeGreaterThan(minReplicas);
    const cpu = autoscaler.spec?.metrics?.find((metric) => metric.resource?.name === 'cpu');
    expect(cpu?.resource?.target.averageUtilization).toBeGreaterThan(0);
  });

  test('a headless Service names every pod on the metrics port, for a purge of each; the purge token is an optional Secret', () => {
    const instances = manifest<Service>('service-instances.yaml', 'Service');
    expect(instances.spec?.clusterIP).toBe('None');
    expect(instances.spec?.selector).toEqual(podLabels);
    expect(instances.spec?.ports?.map((port) => port.targetPort)).toEqual(['metrics']);
    const token = app?.env?.find((entry) => entry.name === 'PURGE_TOKEN');
    expect(token?.valueFrom?.secretKeyRef).toMatchObject({ key: 'token', optional: true });
  });

  test('the metrics port (metrics, probes, purge) takes only Prometheus, purge Jobs and the instances; the site port takes all', () => {
    const policy = manifest<NetworkPolicy>('network-policy.yaml', 'NetworkPolicy');
    expect(policy.spec?.podSelector.matchLabels).toEqual(podLabels);
    expect(policy.spec?.policyTypes).toEqual(['Ingress']);
    const rules = policy.spec?.ingress ?? [];
    // Every container port is in exactly one rule: none is left closed by mistake or open by default.
    expect(rules.flatMap((rule) => (rule.ports ?? []).map((port) => port.port)).sort()).toEqual([...containerPortNames].sort());
    const site = rules.find((rule) => rule.ports?.some((port) => port.port === 'http'));
    expect(site?.from).toBeUndefined();
    const internal = rules.find((rule) => rule.ports?.some((port) => port.port === 'metrics'));
    expect(internal?.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } },
      { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'purge' } } },
      { podSelector: { matchLabels: podLabels } },
    ]);
  });

  test('a rolling update never takes capacity away', () => {
    expect(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    expect(deployment.spec?.replicas).toBeGreaterThanOrEqual(2);
  });
});

/** The parts of a Compose service this test reads (the Compose specification names them). */
interface ComposeService {
  readonly image?: string;
  readonly command?: string[];
  readonly read_only?: boolean;
  readonly cap_drop?: string[];
  readonly security_opt?: string[];
  readonly environment?: Record<string, string>;
  readonly volumes?: string[];
  readonly mem_limit?: string;
}

describe('Compose file', () => {
  const { services } = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService | undefined> };
  const template = read('deploy/nginx/qa-sites.conf.template');

  test('two app instances, locked down, against the demo API service', () => {
    for (const name of ['app-1', 'app-2']) {
      const instance = services[name];
      expect(instance?.image).toBe(services['demo-api']?.image);
      expect(instance?.read_only).toBe(true);
      expect(instance?.cap_drop).toEqual(['ALL']);
      expect(instance?.security_opt).toContain('no-new-privileges:true');
      expect(instance?.environment?.CONTENT_API_URL).toBe('http://demo-api:4000');
      expect(instance?.environment?.CAMPAIGN_API_URL).toBe('http://demo-api:4001');
    }
    expect(services['demo-api']?.command?.join(' ')).toBe('node dist/demo/main.js --host 0.0.0.0 --content-port 4000 --campaign-port 4001');
  });

  test("each app instance's memory limit is the Kubernetes limit (the overload's measured peak fits both)", () => {
    const kubernetesLimit = mebibytes(String(app?.resources?.limits?.memory));
    for (const name of ['app-1', 'app-2']) expect(mebibytes(String(services[name]?.mem_limit).replace(/m$/, 'Mi'))).toBe(kubernetesLimit);
    // …and each is told it, in bytes, for app_memory_limit_bytes.
    for (const name of ['app-1', 'app-2']) expect(Number(services[name]?.environment?.MEMORY_LIMIT_BYTES)).toBe(kubernetesLimit * 1024 * 1024);
  });

  test('nginx mounts the one template and is given every value it names', () => {
    const nginx = services.nginx;
    expect(nginx?.image).toMatch(/^nginx:\d+\.\d+\.\d+/);
    const mount = nginx?.volumes?.find((volume) => volume.startsWith('./nginx/qa-sites.conf.template:'));
    expect(mount).toMatch(/:\/etc\/nginx\/templates\/[\w.-]+\.template:ro$/);
    const named = [...new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]))].sort();
    expect(named.length).toBeGreaterThan(0);
    expect(Object.keys(nginx?.environment ?? {}).sort()).toEqual(named);
    expect(nginx?.environment?.QA_APP_1).toBe('app-1:3000');
    expect(nginx?.environment?.QA_APP_2).toBe('app-2:3000');
  });
});

describe('the host-network override (scripts/compose-smoke.sh)', () => {
  const { services } = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService | undefined> };
  const override = parse(read('deploy/compose.host-network.yaml'), { merge: true }) as { services: Record<string, (ComposeService & { network_mode?: string }) | undefined> };

  test('puts every service on the host network, and nothing else than addresses changes', () => {
    expect(Object.keys(override.services).sort()).toEqual(Object.keys(services).sort());
    for (const service of Object.values(override.services)) {
      expect(service?.network_mode).toBe('host');
      expect(Object.keys(service ?? {}).filter((key) => !['network_mode', 'environment', 'command'].includes(key))).toEqual([]);
    }
  });

  test('the addresses agree: the instances reach the demo, nginx reaches the instances, all on 127.0.0.1', () => {
    const demo = override.services['demo-api']?.command ?? [];
    const option = (name: string) => demo[demo.indexOf(name) + 1];
    expect(option('--host')).toBe('127.0.0.1');
    const apps = ['app-1', 'app-2'].map((name) => override.services[name]?.environment ?? {});
    for (const env of apps) {
      expect(env).toMatchObject({ HOST: '127.0.0.1', CONTENT_API_URL: `http://127.0.0.1:${option('--content-port')}`, CAMPAIGN_API_URL: `http://127.0.0.1:${option('--campaign-port')}`, TRUST_PROXY: 'loopback' });
    }
    expect(new Set(apps.flatMap((env) => [env.PORT, env.METRICS_PORT])).size).toBe(4);
    const nginx = override.services.nginx?.environment ?? {};
    expect([nginx.QA_APP_1, nginx.QA_APP_2]).toEqual(apps.map((env) => `127.0.0.1:${env.PORT}`));
    expect(nginx.QA_LISTEN).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});

describe('nginx template', () => {
  const template = read('deploy/nginx/qa-sites.conf.template');
  const directive = (name: string) => [...template.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map((match) => match[1]);

  test('the micro-cache takes its times from Cache-Control and refreshes one request at a time', () => {
    expect(directive('proxy_cache_lock')).toEqual(['on']);
    expect(directive('proxy_cache_background_update')).toEqual(['on']);
    // Fixed times or ignored headers would override s-maxage, stale-while-revalidate and
    // stale-if-error; an unconditional use_stale would serve stale copies without their bound.
    expect(directive('proxy_cache_valid')).toEqual([]);
    expect(directive('proxy_ignore_headers')).toEqual([]);
    expect(directive('proxy_cache_use_stale')).toEqual([]);
    expect(directive('proxy_cache_key')).toEqual(['$scheme$host$request_uri']);
  });

  test('upstream keep-alive closes before the app would (65 s)', () => {
    const [seconds] = directive('keepalive_timeout');
    expect(Number(seconds?.replace(/s$/, ''))).toBeLessThan(65);
  });

  test("nginx sets its own request id: passed up, sent back and logged; the app's never replayed from the cache", () => {
    expect(directive('proxy_hide_header')).toEqual(['X-Request-Id']);
    expect(directive('add_header').filter((value) => value?.startsWith('X-Request-Id'))).toHaveLength(directive('add_header').filter((value) => value?.startsWith('X-Cache-Status')).length + 1);
    for (const value of directive('add_header').filter((header) => header?.startsWith('X-Request-Id'))) expect(value).toBe('X-Request-Id $request_id always');
    // Every location that proxies passes the id up.
    expect(directive('proxy_set_header').filter((value) => value?.startsWith('X-Request-Id'))).toEqual(directive('proxy_pass').map(() => 'X-Request-Id $request_id'));
    const [format] = directive('log_format');
    expect(format).toMatch(/^qa_sites escape=json /);
    expect(format).toContain('"reqId":"$request_id"');
    // The path without the query: visitors' values stay out of the access log too.
    expect(format).toContain('"path":"$uri"');
    expect(directive('access_log')).toEqual(['${QA_ACCESS_LOG} qa_sites']);
  });

  test('a failed connection is retried once on the other instance', () => {
    expect(directive('proxy_next_upstream')[0]?.split(/\s+/)).toEqual(expect.arrayContaining(['error', 'timeout']));
    expect(directive('proxy_next_upstream_tries')).toEqual(['2']);
  });
});
