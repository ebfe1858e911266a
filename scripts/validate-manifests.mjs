#!/usr/bin/env node
/**
 * Validates Kubernetes manifests as strictly as the API server and `kubectl apply` (which
 * refuses unknown fields) would, with no cluster and nothing downloaded:
 * - Kubernetes' OpenAPI schemas through kubernetes-models (its validators are generated from
 *   them): required fields, types, enums and formats, by each document's apiVersion and kind;
 * - unknown fields (a misspelled `readinessProbe`), which those schemas let through: each
 *   document is type-checked by TypeScript against kubernetes-types (the same schemas as
 *   TypeScript interfaces), whose check of an object literal refuses any field its type lacks;
 * - ports, which the API server checks in code rather than in a schema: numbers 1-65535, and
 *   every named port a probe, Service or NetworkPolicy uses defined by the pods it reaches
 *   (scripts/lib/kubernetes-ports.mjs).
 *
 *   node scripts/validate-manifests.mjs [file.yaml ...]
 *
 * The Prometheus Operator's kinds (PodMonitor, PrometheusRule: monitoring.coreos.com/v1) are
 * checked the same way, by @kubernetes-models/prometheus-operator's schemas and interfaces.
 *
 * Without files: every resource of deploy/kubernetes/kustomization.yaml, then those of its
 * optional component deploy/kubernetes/monitoring. Prints one line per
 * document, `ok` or what is wrong; exit 1 when any document is invalid. Run by `npm test`
 * (test/deploy/manifests.test.ts). An ES module, as kubernetes-models is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { portProblems } from './lib/kubernetes-ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kubernetesDir = path.join(root, 'deploy/kubernetes');

const resourcesOf = (dir) => parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')).resources.map((resource) => path.join(dir, resource));

function defaultFiles() {
  return [...resourcesOf(kubernetesDir), ...resourcesOf(path.join(kubernetesDir, 'monitoring'))];
}

/** API groups of custom resources, and the package of their models (classes with a validator, and an interface I<Kind> each). */
const CUSTOM_RESOURCE_MODELS = { 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };

/** The module of a kind's model: kubernetes-models' for Kubernetes' own kinds. */
function modelModuleOf(apiVersion, kind) {
  const group = API_VERSION.exec(String(apiVersion))?.[1];
  const models = group && CUSTOM_RESOURCE_MODELS[group];
  return models ? `${models}/${apiVersion}/${kind}` : `kubernetes-models/${apiVersion}/${kind}`;
}

const API_VERSION = /^(?:([a-z0-9.]+)\/)?([a-z0-9]+)$/;

/** The model class of an apiVersion and kind (`apps/v1` + `Deployment`), or undefined. */
async function modelOf(apiVersion, kind) {
  if (!API_VERSION.test(String(apiVersion)) || !/^[A-Za-z]+$/.test(String(kind))) return undefined;
  try {
    const module = await import(modelModuleOf(apiVersion, kind));
    return module[kind];
  } catch {
    return undefined;
  }
}

/** What Kubernetes' schema finds wrong with one parsed document, or undefined. */
async function schemaProblemOf(document) {
  const { apiVersion, kind } = document ?? {};
  const Model = await modelOf(apiVersion, kind);
  if (!Model) return `no Kubernetes schema for apiVersion ${JSON.stringify(apiVersion)}, kind ${JSON.stringify(kind)}`;
  try {
    new Model(document).validate();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error);
  }
}

/**
 * The TypeScript type of a kind and its module: kubernetes-types' (`networking.k8s.io/v1` ->
 * networking/v1, `v1` -> core/v1, type `Kind`), or a custom resource model's interface (`IKind`).
 */
function typeOf(apiVersion, kind) {
  const [, group = 'core', version] = API_VERSION.exec(String(apiVersion)) ?? [];
  const custom = CUSTOM_RESOURCE_MODELS[group] && { module: modelModuleOf(apiVersion, kind), name: `I${kind}` };
  const { module, name } = custom || { module: `kubernetes-types/${group.replace(/\.k8s\.io$/, '')}/${version}`, name: kind };
  return existsSync(path.join(root, 'node_modules', `${module}.d.ts`)) ? { module, name } : undefined;
}

/**
 * JSON of `value`, one key or item a line, and the path of each line (for TypeScript's line
 * numbers). Pure.
 */
function linesWithPaths(value, at = '', indent = '', lead = '') {
  if (value === null || typeof value !== 'object') return [{ text: `${indent}${lead}${JSON.stringify(value)}`, at }];
  const entries = Array.isArray(value) ? value.map((item, index) => [`${at}[${index}]`, '', item]) : Object.entries(value).map(([key, item]) => [at ? `${at}.${key}` : key, `${JSON.stringify(key)}: `, item]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const inner = entries.flatMap(([childAt, childLead, item], index) => {
    const lines = linesWithPaths(item, childAt, `${indent}  `, childLead);
    if (index < entries.length - 1) lines[lines.length - 1] = { ...lines[lines.length - 1], text: `${lines[lines.length - 1].text},` };
    return lines;
  });
  return [{ text: `${indent}${lead}${open}`, at }, ...inner, { text: `${indent}${close}`, at }];
}

/**
 * Fields that Kubernetes does not define, and values of the wrong type, per document index:
 * each document as an object literal that must satisfy its kubernetes-types interface.
 */
function unknownFieldProblems(documents) {
  const checked = documents
    .map((document, index) => ({ index, kind: document?.kind, type: /^[A-Za-z]+$/.test(String(document?.kind)) ? typeOf(document?.apiVersion, document?.kind) : undefined }))
    .filter(({ type }) => type);
  if (checked.length === 0) return [];
  // Inside the project, so that kubernetes-types resolves from its node_modules.
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'validate-manifests-'));
  try {
    const files = new Map();
    for (const { index, type } of checked) {
      const body = linesWithPaths(documents[index]);
      const header = [`import type { ${type.name} } from '${type.module}';`, 'export const manifest = ('];
      writeFileSync(path.join(dir, `document-${index}.ts`), [...header, ...body.map((line) => line.text), `) satisfies ${type.name};`, ''].join('\n'));
      files.set(`document-${index}.ts`, { index, pathOfLine: (line) => body[line - header.length - 1]?.at ?? '' });
    }
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', types: [], skipLibCheck: true }, files: [...files.keys()] }));
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
    const problems = [];
    for (const [, file, line, message] of run.stdout.matchAll(/(document-\d+\.ts)\((\d+),\d+\): error TS\d+: (.*)/g)) {
      const { index, pathOfLine } = files.get(file);
      const unknown = /may only specify known properties, and '"?([^"']+)"?' does not exist in type '(\w+)'/.exec(message);
      const at = pathOfLine(Number(line));
      problems.push([index, unknown ? `${at ? `${at}: ` : ''}unknown field "${unknown[1]}" (Kubernetes' ${unknown[2]} has no such field)` : `${at ? `${at}: ` : ''}${message}`]);
    }
    if (run.status !== 0 && problems.length === 0) problems.push([checked[0].index, `TypeScript could not check the manifests: ${(run.stdout + run.stderr).trim().split('\n')[0]}`]);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : defaultFiles();
const documents = [];
for (const file of files) {
  for (const [index, document] of parseAllDocuments(readFileSync(file, 'utf8')).entries()) {
    const name = `${path.relative(root, file)}#${index + 1}`;
    documents.push(document.errors.length > 0 ? { name, value: undefined, problems: [`not YAML: ${document.errors[0].message}`] } : { name, value: document.toJS(), problems: [] });
  }
}
const parsed = documents.filter((document) => document.problems.length === 0);
for (const document of parsed) {
  const problem = await schemaProblemOf(document.value);
  if (problem) document.problems.push(problem);
}
const values = parsed.map((document) => document.value);
for (const [index, problem] of [...unknownFieldProblems(values), ...portProblems(values)]) parsed[index].problems.push(problem);

for (const { name, problems } of documents) process.stdout.write(`${problems.length ? 'invalid' : 'ok'} ${name}${problems.length ? `: ${problems.join('; ')}` : ''}\n`);
process.exitCode = documents.some((document) => document.problems.length > 0) ? 1 : 0;
