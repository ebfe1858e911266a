/**
 * The monitoring files of deploy/: what `npm run monitoring` writes (committed as generated), the
 * rules as promtool checks them and runs their unit tests, the runbook links on headings that
 * exist, and Compose's Prometheus configuration. Without promtool (Debian's `prometheus`
 * package; .ci/run installs it) its checks are skipped, saying so in one line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ALERT_RULES } from '../../scripts/monitoring/alerts';
import { monitoringFilesOf } from '../../scripts/monitoring/files';
import { anchorOf, DEFAULT_RUNBOOK_BASE, RULES_FILE, RULES_TEST_FILE } from '../../scripts/monitoring/rules-files';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!promtool) process.stderr.write("monitoring: promtool not found (Debian's prometheus package): skipped promtool check rules, test rules and check config\n");
const withPromtool = promtool ? test : test.skip;
const runPromtool = (...args: string[]) => spawnSync('promtool', args, { cwd: path.join(root, 'deploy/prometheus'), encoding: 'utf8' });

test.each(Object.entries(monitoringFilesOf(DEFAULT_RUNBOOK_BASE)))('%s is what npm run monitoring writes', (file, text) => {
  expect(read(file)).toBe(text);
});

withPromtool('promtool check rules accepts the rules file', () => {
  const run = runPromtool('check', 'rules', path.basename(RULES_FILE));
  expect(run.stdout + run.stderr).toContain('SUCCESS');
  expect(run.status).toBe(0);
});

withPromtool('promtool test rules: each alert fires on its synthetic series and stays quiet on healthy ones', () => {
  const run = runPromtool('test', 'rules', path.basename(RULES_TEST_FILE));
  expect(run.stdout + run.stderr).toContain('SUCCESS');
  expect(run.status).toBe(0);
  const tests = (parse(read(RULES_TEST_FILE)) as { tests: { name: string }[] }).tests.map((group) => group.name);
  expect(tests).toEqual(ALERT_RULES.flatMap((rule) => [`${rule.alert} fires`, `${rule.alert} stays quiet when healthy`]));
}, 60_000);

withPromtool('promtool check config accepts both Compose configurations, the rules loaded', () => {
  for (const file of ['prometheus.yml', 'prometheus.host-network.yml']) {
    const run = runPromtool('check', 'config', file);
    expect([run.status, run.stdout]).toEqual([0, expect.stringContaining('1 rule files found')]);
  }
});

test('every alert has a severity, a summary and a runbook_url on a heading that exists', () => {
  const anchors = new Map(['docs/operations.md', 'docs/support.md'].map((doc) => [doc, new Set([...read(doc).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')))]));
  const groups = (parse(read(RULES_FILE)) as { groups: { rules: { alert?: string; labels?: { severity?: string }; annotations?: Record<string, string> }[] }[] }).groups;
  const alerts = groups.flatMap((group) => group.rules).filter((rule) => rule.alert);
  expect(alerts).toHaveLength(ALERT_RULES.length);
  for (const alert of alerts) {
    expect(['critical', 'warning']).toContain(alert.labels?.severity);
    expect(alert.annotations?.summary).toMatch(/\w/);
    const [, doc, anchor] = /^https:\/\/.+?\/blob\/main\/(docs\/[\w-]+\.md)#(.+)$/.exec(alert.annotations?.runbook_url ?? '') ?? [];
    expect([alert.alert, anchors.get(doc ?? '')?.has(anchor ?? '')]).toEqual([alert.alert, true]);
  }
});

test("Compose's Prometheus scrapes each instance's metrics port under the job the rules select", () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, { environment?: Record<string, string>; volumes?: string[] }> };
  const override = parse(read('deploy/compose.host-network.yaml'), { merge: true }) as { services: Record<string, { environment?: Record<string, string> }> };
  const targetsOf = (file: string) => {
    const config = parse(read(`deploy/prometheus/${file}`)) as { rule_files: string[]; scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[] };
    expect(config.rule_files).toEqual([path.basename(RULES_FILE)]);
    return config.scrape_configs.map((scrape) => [scrape.job_name, scrape.static_configs.flatMap((config) => config.targets)]);
  };
  const apps = ['app-1', 'app-2'];
  expect(targetsOf('prometheus.yml')).toEqual([['qa-sites', apps.map((name) => `${name}:${compose.services[name]?.environment?.METRICS_PORT}`)]]);
  expect(targetsOf('prometheus.host-network.yml')).toEqual([['qa-sites', apps.map((name) => `127.0.0.1:${override.services[name]?.environment?.METRICS_PORT}`)]]);
  expect(compose.services.prometheus?.volumes).toEqual(['./prometheus:/etc/prometheus:ro']);
});
