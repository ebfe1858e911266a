/**
 * The README is the user's guide: short, and its configuration table names every environment
 * variable the app reads (src/server/config.ts is the only reader of process.env).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const config = readFileSync(path.join(root, 'src/server/config.ts'), 'utf8');

/** Names config.ts reads: `env.NAME`, `env['NAME']` and the readers' `(env, 'NAME'` calls. */
function variablesReadByConfig(source: string): string[] {
  const found = [...source.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1] ?? match[2] ?? '');
  return [...new Set(found)].sort();
}

/** First-column names of the table under "## Configuration". */
function variablesInConfigurationTable(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1] ?? '').sort();
}

test('the scan finds the variables config.ts reads (a scan that finds nothing would pass anything)', () => {
  expect(variablesReadByConfig(config)).toEqual(expect.arrayContaining(['PORT', 'HOST', 'CONTENT_API_URL', 'CAMPAIGN_API_URL', 'NODE_ENV', 'TRUST_PROXY']));
  expect(variablesReadByConfig("readInt(env, 'A_B', 1, 0, 2); env.C_D; env['E_F']")).toEqual(['A_B', 'C_D', 'E_F']);
});

test('every variable config.ts reads has a row in the README configuration table, and no row names another', () => {
  expect(variablesInConfigurationTable(readme)).toEqual(variablesReadByConfig(config));
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
