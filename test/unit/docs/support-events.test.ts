/**
 * docs/support.md's table of events lists exactly the events declared in
 * src/server/http/log-events.ts, each at its level, and the code names events only through
 * that list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOG_EVENTS } from '../../../src/server/http/log-events';

const root = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `event: 'name'` (or with double quotes) in the sources under src/, outside the list itself. */
function eventLiteralsInSource(): string[] {
  const literals: string[] = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    if (file.endsWith(path.join('http', 'log-events.ts'))) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\bevent: ['"]([^'"]+)['"]/g)) literals.push(`${path.relative(root, file)}: ${match[1] ?? ''}`);
  }
  return literals;
}

/** Each row of the events table: its first cell (`` `name` ``) and its level cell. */
function eventsInSupportGuide(): Map<string, string> {
  const guide = readFileSync(path.join(root, 'docs/support.md'), 'utf8');
  return new Map([...guide.matchAll(/^\| `([a-z0-9_.]+)` \| ([^|]*) \|/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

describe('docs/support.md', () => {
  const declared = new Map<string, string>(Object.values(LOG_EVENTS).map((entry) => [entry.event, entry.level]));
  const documented = eventsInSupportGuide();

  it('finds the events on both sides', () => {
    expect(declared.size).toBeGreaterThan(15);
    expect(documented.has('site.lookup_failed')).toBe(true);
  });

  it('documents every declared event', () => {
    expect([...declared.keys()].filter((event) => !documented.has(event)).sort()).toEqual([]);
  });

  it('documents no event that is not declared', () => {
    expect([...documented.keys()].filter((event) => !declared.has(event)).sort()).toEqual([]);
  });

  it('gives every event the level it is declared with', () => {
    expect([...declared].filter(([event, level]) => !(documented.get(event) ?? '').includes(level)).map(([event]) => event)).toEqual([]);
  });

  it('is the code’s only spelling of an event name', () => {
    expect(eventLiteralsInSource()).toEqual([]);
  });
});
