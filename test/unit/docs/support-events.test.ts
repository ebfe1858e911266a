/** docs/support.md lists every log event the code writes, and no event the code no longer writes. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `event: 'name'` (or with double quotes) in the sources under src/. */
function eventsInSource(): Set<string> {
  const events = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bevent: ['"]([^'"]+)['"]/g)) events.add(match[1] ?? '');
  }
  return events;
}

/** The first cell of each row of the events table: `` `name` ``. */
function eventsInSupportGuide(): Set<string> {
  const guide = readFileSync(path.join(root, 'docs/support.md'), 'utf8');
  return new Set([...guide.matchAll(/^\| `([a-z0-9_.]+)` \|/gm)].map((match) => match[1] ?? ''));
}

describe('docs/support.md', () => {
  const inSource = eventsInSource();
  const documented = eventsInSupportGuide();

  it('finds the events on both sides', () => {
    expect(inSource.size).toBeGreaterThan(15);
    expect(documented.has('site.lookup_failed')).toBe(true);
  });

  it('documents every event the code writes', () => {
    expect([...inSource].filter((event) => !documented.has(event)).sort()).toEqual([]);
  });

  it('documents no event the code does not write', () => {
    expect([...documented].filter((event) => !inSource.has(event)).sort()).toEqual([]);
  });
});
