#!/usr/bin/env node
/**
 * Validates Kubernetes manifests against Kubernetes' own OpenAPI schemas, as the API server
 * would before accepting them: kubernetes-models (its validators are generated from those
 * schemas) checks each YAML document by its apiVersion and kind.
 *
 *   node scripts/validate-manifests.mjs [file.yaml ...]
 *
 * Without files: every resource of deploy/kubernetes/kustomization.yaml. Prints one line per
 * document, `ok` or what is wrong; exit 1 when any document is invalid. Run by `npm test`
 * (test/deploy/manifests.test.ts). An ES module, as kubernetes-models is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kubernetesDir = path.join(root, 'deploy/kubernetes');

function defaultFiles() {
  const kustomization = parse(readFileSync(path.join(kubernetesDir, 'kustomization.yaml'), 'utf8'));
  return kustomization.resources.map((resource) => path.join(kubernetesDir, resource));
}

/** The model class of an apiVersion and kind (`apps/v1` + `Deployment`), or undefined. */
async function modelOf(apiVersion, kind) {
  if (!/^[a-z0-9.]+(\/[a-z0-9]+)?$/.test(String(apiVersion)) || !/^[A-Za-z]+$/.test(String(kind))) return undefined;
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return undefined;
  }
}

/** What is wrong with one parsed document, or undefined when Kubernetes' schema accepts it. */
async function problemOf(document) {
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

const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : defaultFiles();
let invalid = 0;
for (const file of files) {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const [index, document] of documents.entries()) {
    const name = `${path.relative(root, file)}#${index + 1}`;
    const problem = document.errors.length > 0 ? `not YAML: ${document.errors[0].message}` : await problemOf(document.toJS());
    if (problem) invalid += 1;
    process.stdout.write(`${problem ? 'invalid' : 'ok'} ${name}${problem ? `: ${problem}` : ''}\n`);
  }
}
process.exitCode = invalid > 0 ? 1 : 0;
