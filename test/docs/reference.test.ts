/**
 * Docs say how things are now (a reference), and decisions are dated records that are
 * superseded, not amended: no run log (times of day in UTC, run ids, "main <commit>" as a
 * measurement's provenance) in docs/ or the README, and every decision opens with its date and status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const decisions = readdirSync(decisionsDir).filter((file) => file.endsWith('.md'));
const markdown = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`), ...decisions.map((file) => `docs/decisions/${file}`)];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** A run log's marks in a text: times of day (UTC), run ids, commits named as what was measured. Pure. */
export function runLogMarksOf(text: string): string[] {
  return [...text.matchAll(/\b\d{1,2}:\d{2}(?:-\d{1,2}:\d{2})? UTC\b|\b20\d{6}-\d{6}\b|\bmain [0-9a-f]{7,40}\b/g)].map((match) => match[0]);
}

test('the run-log check finds what it looks for', () => {
  expect(runLogMarksOf('measured 2026-11-28 12:52-12:55 UTC, main 2c74a06, run `20261128-073809`')).toEqual(['12:52-12:55 UTC', 'main 2c74a06', '20261128-073809']);
  expect(runLogMarksOf('Times are UTC. On 2026-11-28 the main thread did 12 things.')).toEqual([]);
});

test.each(markdown)('%s holds no run log', (file) => {
  expect(runLogMarksOf(read(file))).toEqual([]);
});

test('there are decisions to check', () => {
  expect(decisions.length).toBeGreaterThan(30);
});

test.each(decisions)('%s opens with its title, date and status', (file) => {
  const [title, blank, date, status] = read(`docs/decisions/${file}`).split('\n');
  expect(title).toMatch(/^# \S/);
  expect(blank).toBe('');
  expect(date).toMatch(/^- Date: 20\d\d-[01]\d-[0-3]\d$/);
  expect(status).toMatch(/^- Status: accepted\b|^- Status: superseded by \d{4}\b/);
  for (const [, number] of (status ?? '').matchAll(/\b(\d{4})\b/g)) expect(decisions.some((other) => other.startsWith(`${number}-`))).toBe(true);
});

test('no decision is amended in place: no "Amendment" or "Since <date>" section', () => {
  const amended = decisions.filter((file) => /^## (Amendment|Later)\b|^- Since 20\d\d-\d\d-\d\d\b|\(amended\b/im.test(read(`docs/decisions/${file}`)));
  expect(amended).toEqual([]);
});
