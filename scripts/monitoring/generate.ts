/**
 * `npm run monitoring [-- --runbook-base URL]`: writes the Grafana dashboard, the alert rules (a
 * rules file and a PrometheusRule) and their promtool tests into deploy/, from
 * scripts/monitoring/. The committed files are what it writes with the default base
 * (test/deploy/monitoring.test.ts); an operator whose docs live elsewhere writes their own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitoringFilesOf } from './files';
import { DEFAULT_RUNBOOK_BASE } from './rules-files';

const root = path.resolve(__dirname, '../..');
const args = process.argv.slice(2);
const baseAt = args.indexOf('--runbook-base');
const base = baseAt >= 0 ? args[baseAt + 1] : DEFAULT_RUNBOOK_BASE;
if (!base || (args.length > 0 && baseAt !== 0) || args.length > 2) {
  process.stderr.write('usage: npm run monitoring [-- --runbook-base URL]\n');
  process.exit(2);
}
for (const [file, text] of Object.entries(monitoringFilesOf(base.endsWith('/') ? base : `${base}/`))) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  process.stdout.write(`wrote ${file}\n`);
}
