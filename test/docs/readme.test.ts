/**
 * The README is the user's guide: short, and its configuration table names every environment
 * variable the app reads (the schema in src/server/config/config.ts, the only reader of process.env).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_VARIABLES } from '../../src/server/config/config';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** First-column names of the table under "## Configuration". */
function variablesInConfigurationTable(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1] ?? '').sort();
}

test('the list of variables comes from the config schema (an empty list would pass anything)', () => {
  expect(ENVIRONMENT_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'HOST', 'CONTENT_API_URL', 'CAMPAIGN_API_URL', 'NODE_ENV', 'TRUST_PROXY']));
});

test('every variable config.ts reads has a row in the README configuration table, and no row names another', () => {
  expect(variablesInConfigurationTable(readme)).toEqual([...ENVIRONMENT_VARIABLES].sort());
});

test('each row of the configuration table gives a meaning and a default', () => {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  const rows = section.split('\n').filter((line) => /^\| `[A-Z]/.test(line));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cells = row.split(' | ');
    expect(cells).toHaveLength(3);
    for (const cell of cells) expect(cell.replace(/\|/g, '').trim()).not.toBe('');
  }
});

test('the README stays a short user guide (about 200 lines at most)', () => {
  expect(readme.split('\n').length).toBeLessThanOrEqual(200);
});
