/**
 * No import circle among our modules, type-only imports included: a circle of types is still a
 * circle for a reader. And the folders of `src/server` import one another only down the order
 * docs/architecture.md lists them in, read from that document itself, so the order a reader is
 * shown is the order the code keeps. The graph is TypeScript's own: `tsc --explainFiles` names,
 * for every file of the program, each file that imports it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

type ImportGraph = ReadonlyMap<string, readonly string[]>;

const IMPORTED_VIA = /^\s+Imported via (['"]).*?\1 from file '([^']+)'/;

/**
 * The graph from `tsc --explainFiles` output, for files outside node_modules: each file and the
 * files it imports. Pure.
 */
export function importGraphOf(explanation: string): ImportGraph {
  const graph = new Map<string, string[]>();
  let file: string | undefined;
  for (const line of explanation.split('\n')) {
    if (line && !/^\s/.test(line)) file = line.trim();
    const importer = IMPORTED_VIA.exec(line)?.[2];
    if (!file || !importer || file.includes('node_modules/') || importer.includes('node_modules/')) continue;
    graph.set(importer, [...(graph.get(importer) ?? []), file]);
  }
  return graph;
}

/** Every circle in the graph, each as the files along it with the first one again at the end. Pure. */
export function circlesOf(graph: ImportGraph): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): void => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      circles.push([...trail.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    for (const imported of graph.get(file) ?? []) walk(imported, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) walk(file, []);
  return circles;
}

/**
 * The graph between the folders of `src/server` (its root files, app.ts and index.ts, as '.'):
 * one edge where a file of one folder imports a file of another. Pure.
 */
export function folderGraphOf(graph: ImportGraph, under = 'src/server/'): ImportGraph {
  const folderOf = (file: string): string | undefined => {
    if (!file.startsWith(under)) return undefined;
    const rest = file.slice(under.length);
    const slash = rest.indexOf('/');
    return slash < 0 ? '.' : rest.slice(0, slash);
  };
  const folders = new Map<string, Set<string>>();
  for (const [importer, imported] of graph) {
    const from = folderOf(importer);
    if (from === undefined) continue;
    for (const file of imported) {
      const to = folderOf(file);
      if (to === undefined || to === from) continue;
      folders.set(from, (folders.get(from) ?? new Set()).add(to));
    }
  }
  return new Map([...folders].map(([folder, imported]) => [folder, [...imported].sort()]));
}

/**
 * The folders of `src/server` in the order docs/architecture.md lists them (its bullet list of
 * `folder/` entries under "The folders of `src/server`"), the first one the top. Pure.
 */
export function documentedFolderOrder(architecture: string): string[] {
  const start = architecture.indexOf('The folders of `src/server`');
  if (start < 0) return [];
  const folders: string[] = [];
  for (const line of architecture.slice(start).split('\n').slice(1)) {
    if (!/^\s+- /.test(line)) {
      if (/^\S/.test(line)) break;
      continue;
    }
    const folder = /^\s+- `([a-z-]+)\/`/.exec(line)?.[1];
    if (folder) folders.push(folder);
  }
  return folders;
}

/**
 * Every import between folders against the documented order, as "from -> to": a folder may
 * import only folders listed below it; the root files ('.') may import any; a folder missing
 * from the list is against the order in every import it makes or receives. Pure.
 */
export function importsAgainstOrder(folders: ImportGraph, order: readonly string[]): string[] {
  const rank = (folder: string) => (folder === '.' ? -1 : order.includes(folder) ? order.indexOf(folder) : undefined);
  const against: string[] = [];
  for (const [from, imported] of folders) {
    for (const to of imported) {
      const [fromRank, toRank] = [rank(from), rank(to)];
      if (fromRank === undefined || toRank === undefined || toRank <= fromRank) against.push(`${from} -> ${to}`);
    }
  }
  return against.sort();
}

/**
 * The file names that stand in more than one folder of `src/server` (a concern named twice),
 * each with its folders; `step` and `index` are conventional names and left out. Pure.
 */
export function namesInTwoFolders(files: readonly string[], under = 'src/server/'): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const [folder, name, deeper] = file.slice(under.length).split('/');
    if (!file.startsWith(under) || !folder || !name || deeper !== undefined) continue;
    const base = name.replace(/\.tsx?$/, '');
    if (base === 'step' || base === 'index') continue;
    folders.set(base, [...(folders.get(base) ?? []), folder]);
  }
  return new Map([...folders].filter(([, where]) => where.length > 1));
}

describe('the pure parts', () => {
  it('reads importers from tsc --explainFiles, leaving out node_modules', () => {
    const explanation = [
      'node_modules/pino/pino.d.ts',
      "   Imported via 'pino' from file 'src/server/observability/logger.ts' with packageId 'pino/pino.d.ts@10.4.0'",
      'src/server/locals.ts',
      "   Imported via './locals' from file 'src/server/app.ts'",
      '   Imported via "./locals" from file \'src/server/request-query.ts\'',
      "   Matched by include pattern 'src' in 'tsconfig.json'",
      '',
    ].join('\n');
    expect(importGraphOf(explanation)).toEqual(
      new Map([
        ['src/server/app.ts', ['src/server/locals.ts']],
        ['src/server/request-query.ts', ['src/server/locals.ts']],
      ]),
    );
  });

  it('finds a circle through several files, and none in a graph without one', () => {
    const circular = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(circlesOf(circular)).toEqual([['a', 'b', 'c', 'a']]);
    expect(circlesOf(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('finds a file name in two folders, leaving out step and index and the root files', () => {
    const files = ['src/server/app.ts', 'src/server/edge/admission.ts', 'src/server/page-cache/admission.ts', 'src/server/pages/step.tsx', 'src/server/seo/step.ts', 'src/server/seo/index.ts', 'src/server/site/index.ts', 'src/server/site/host.ts', 'src/shared/host.ts'];
    expect(namesInTwoFolders(files)).toEqual(new Map([['admission', ['edge', 'page-cache']]]));
  });

  it('reads the folder order from the architecture document\'s list of folders, top first', () => {
    const architecture = [
      '# Architecture',
      '- `rules/` is mentioned before the list, and is not part of it.',
      '- The folders of `src/server`: imports run one way, down this list.',
      '  - `app.ts`, `index.ts`: the request in order.',
      '  - `edge/`: in front of Express.',
      '  - `middleware/`: the Express chain,',
      '    one adapter per step.',
      '  - `rules/`: pure rules.',
      '- Per-request state lives on `res.locals` (`request/`).',
      '  - `site/`: after the list, so not in it.',
    ].join('\n');
    expect(documentedFolderOrder(architecture)).toEqual(['edge', 'middleware', 'rules']);
    expect(documentedFolderOrder('# Architecture, without the list')).toEqual([]);
  });

  it('names each import against the order: upward, sideways to an unlisted folder, never from the root', () => {
    const order = ['edge', 'middleware', 'rules'];
    const folders = new Map([
      ['.', ['edge', 'rules']],
      ['edge', ['middleware', 'rules']],
      ['middleware', ['edge', 'rules', 'scratch']],
      ['rules', []],
    ]);
    expect(importsAgainstOrder(folders, order)).toEqual(['middleware -> edge', 'middleware -> scratch']);
    expect(importsAgainstOrder(new Map([['rules', ['middleware']]]), order)).toEqual(['rules -> middleware']);
    expect(importsAgainstOrder(new Map([['edge', ['middleware', 'rules']]]), order)).toEqual([]);
  });

  it('draws the folders of src/server from the files, leaving out imports within a folder and from outside', () => {
    const files = new Map([
      ['src/server/app.ts', ['src/server/edge/probes.ts', 'src/server/middleware/host.ts']],
      ['src/server/middleware/host.ts', ['src/server/middleware/steps.ts', 'src/server/rules/host.ts', 'src/shared/format.ts']],
      ['src/server/rules/host.ts', ['src/server/middleware/host.ts']],
      ['test/support/test-app.ts', ['src/server/app.ts']],
    ]);
    expect(folderGraphOf(files)).toEqual(
      new Map([
        ['.', ['edge', 'middleware']],
        ['middleware', ['rules']],
        ['rules', ['middleware']],
      ]),
    );
  });
});

describe('the program', () => {
  let graph: ImportGraph;
  beforeAll(() => {
    const explanation = execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json', '--explainFiles'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    graph = importGraphOf(explanation);
  }, 60_000);

  it('has no module of ours that imports itself through others', () => {
    // The graph really holds the app: its server modules and a type-only import (the page view's).
    expect([...graph.keys()].filter((file) => file.startsWith('src/server/')).length).toBeGreaterThan(60);
    expect(graph.get('src/server/pages/context.ts')).toContain('src/server/render/page.tsx');
    expect(circlesOf(graph)).toEqual([]);
  });

  it('has imports between the folders of src/server that run down the order docs/architecture.md lists them in', () => {
    const folders = folderGraphOf(graph);
    const order = documentedFolderOrder(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    // The folders really are there: the root imports the front door, the front door the routing
    // (the envelope's route), and the document lists every folder that imports or is imported.
    expect(folders.get('.')).toContain('front-door');
    expect(folders.get('front-door')).toContain('routing');
    expect(order).toEqual(expect.arrayContaining(['front-door', 'routing', 'site', 'content', 'page-cache']));
    expect(importsAgainstOrder(folders, order)).toEqual([]);
    expect(circlesOf(folders)).toEqual([]);
  });

  it('has no file name in two folders of src/server: each concern named once', () => {
    const files = readdirSync(path.join(root, 'src/server'), { recursive: true, encoding: 'utf8' }).map((file) => `src/server/${file.split(path.sep).join('/')}`);
    expect(files).toContain('src/server/page-cache/second-request.ts');
    expect(namesInTwoFolders(files)).toEqual(new Map());
  });
});
