/** Every file of deploy/ that scripts/monitoring/ makes, by path, with its text. Pure. */
import { DASHBOARD_FILE, dashboardOf } from './dashboard';
import { PROMETHEUS_RULE_FILE, prometheusRuleOf, RULES_FILE, rulesFileOf, RULES_TEST_FILE, rulesTestFileOf } from './rules-files';

export function monitoringFilesOf(runbookBase: string): Readonly<Record<string, string>> {
  return {
    [DASHBOARD_FILE]: `${JSON.stringify(dashboardOf(), null, 2)}\n`,
    [RULES_FILE]: rulesFileOf(runbookBase),
    [RULES_TEST_FILE]: rulesTestFileOf(runbookBase),
    [PROMETHEUS_RULE_FILE]: prometheusRuleOf(runbookBase),
  };
}
