/**
 * What the Kubernetes API server checks about ports beyond its OpenAPI schemas (its Go
 * validation, which no schema holds): a port number is 1-65535, and a port named by a probe, a
 * Service's targetPort, a NetworkPolicy or a PodMonitor (the Prometheus Operator's) is a named
 * port of the pods it reaches. Pure: takes
 * the parsed documents, returns [document index, problem] pairs.
 */

const PORT_NUMBER_KEYS = new Set(['port', 'containerPort', 'hostPort', 'targetPort', 'nodePort', 'endPort']);
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'];

/** Every number under a port key that is not 1-65535, with its path. */
function portRangeProblems(value, path = '') {
  if (Array.isArray(value)) return value.flatMap((item, index) => portRangeProblems(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = path ? `${path}.${key}` : key;
    if (PORT_NUMBER_KEYS.has(key) && typeof child === 'number' && !(Number.isInteger(child) && child >= 1 && child <= 65535)) return [`${at} ${child} is not a port (1-65535)`];
    return portRangeProblems(child, at);
  });
}

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, Job), if any. */
const podTemplateOf = (document) => document?.spec?.template;

/** The named ports of a pod template's containers. */
const portNamesOf = (template) => new Set((template?.spec?.containers ?? []).flatMap((container) => (container.ports ?? []).map((port) => port.name).filter(Boolean)));

const selects = (selector, labels) => Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

/** Probes that name a port their container does not define. */
function probeProblems(template) {
  return (template?.spec?.containers ?? []).flatMap((container, index) => {
    const names = new Set((container.ports ?? []).map((port) => port.name).filter(Boolean));
    return PROBES.flatMap((probe) => {
      const handler = container[probe];
      const port = handler?.httpGet?.port ?? handler?.tcpSocket?.port;
      return typeof port === 'string' && !names.has(port) ? [`spec.template.spec.containers[${index}].${probe} names port "${port}", which the container does not define`] : [];
    });
  });
}

/** Problems of each document, by index. */
export function portProblems(documents) {
  const templates = documents.map(podTemplateOf).filter(Boolean);
  /** The named ports of the pod templates a selector picks; undefined when it picks none of these documents. */
  const namesSelectedBy = (matchLabels) => {
    const picked = templates.filter((template) => selects(matchLabels, template.metadata?.labels));
    return picked.length ? new Set(picked.flatMap((template) => [...portNamesOf(template)])) : undefined;
  };
  return documents.flatMap((document, index) => {
    const problems = [...portRangeProblems(document), ...probeProblems(podTemplateOf(document))];
    if (document?.kind === 'Service') {
      const names = namesSelectedBy(document.spec?.selector);
      for (const port of document.spec?.ports ?? []) {
        if (names && typeof port.targetPort === 'string' && !names.has(port.targetPort)) problems.push(`spec.ports targetPort "${port.targetPort}" is no named port of the pods it selects`);
      }
    }
    if (document?.kind === 'NetworkPolicy') {
      const names = namesSelectedBy(document.spec?.podSelector?.matchLabels);
      for (const rule of document.spec?.ingress ?? []) {
        for (const port of rule.ports ?? []) {
          if (names && typeof port.port === 'string' && !names.has(port.port)) problems.push(`spec.ingress port "${port.port}" is no named port of the pods it selects`);
        }
      }
    }
    if (document?.kind === 'PodMonitor') {
      const names = namesSelectedBy(document.spec?.selector?.matchLabels);
      if (!names) problems.push('spec.selector selects none of the pods of these manifests');
      for (const endpoint of document.spec?.podMetricsEndpoints ?? []) {
        if (names && typeof endpoint.port === 'string' && !names.has(endpoint.port)) problems.push(`spec.podMetricsEndpoints port "${endpoint.port}" is no named port of the pods it selects`);
      }
    }
    return problems.map((problem) => [index, problem]);
  });
}
