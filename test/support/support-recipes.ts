/**
 * The recipes of docs/support.md, run as written: each `sh` block under its bold title runs in
 * bash in a folder holding `app.log`, with `jq` on PATH being jq 1.7.1 compiled to WebAssembly
 * (the jq-wasm package: the same program as the jq binary, which a CI machine need not have).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface Recipe {
  /** The bold text that opens the recipe's paragraph, e.g. `Bugs only`. */
  readonly title: string;
  readonly script: string;
}

/** Every recipe under "## Recipes": a `**title**` paragraph and the one sh block after it. */
export function supportRecipes(): Recipe[] {
  const guide = readFileSync(path.join(root, 'docs/support.md'), 'utf8');
  const section = guide.slice(guide.indexOf('\n## Recipes\n'));
  return [...section.matchAll(/^\*\*([^*]+)\*\*[\s\S]*?^```sh\n([\s\S]*?)^```/gm)].map((match) => ({ title: (match[1] ?? '').trim(), script: match[2] ?? '' }));
}

/** A `jq` command line: flags, the program, then files (or standard input). */
const JQ_SHIM = (jqWasm: string) => `#!${process.execPath}
const { readFileSync } = require('node:fs');
const jq = require(${JSON.stringify(jqWasm)});
const args = process.argv.slice(2);
const flags = args.filter((arg) => /^-[a-zA-Z]+$/.test(arg));
const [program, ...files] = args.filter((arg) => !/^-[a-zA-Z]+$/.test(arg));
const input = files.length > 0 ? files.map((file) => readFileSync(file, 'utf8')).join('') : readFileSync(0, 'utf8');
jq.raw(input, program, flags).then(({ stdout, stderr, exitCode }) => {
  process.stdout.write(stdout === '' ? '' : stdout.endsWith('\\n') ? stdout : stdout + '\\n');
  process.stderr.write(stderr);
  process.exitCode = exitCode;
});
`;

/**
 * Runs one recipe over the log text, with `env` beside PATH (what a recipe says to set, such as
 * the metrics port's address); resolves with its standard output (rejects on a failing command).
 */
export async function runRecipe(recipe: Recipe, logText: string, env: Readonly<Record<string, string>> = {}): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'support-recipe-'));
  try {
    writeFileSync(path.join(dir, 'app.log'), logText);
    writeFileSync(path.join(dir, 'jq'), JQ_SHIM(require.resolve('jq-wasm')));
    chmodSync(path.join(dir, 'jq'), 0o755);
    return await new Promise((resolve, reject) => {
      // pipefail: a jq error inside a pipeline fails the recipe instead of printing nothing.
      execFile('bash', ['-o', 'pipefail', '-c', recipe.script], { cwd: dir, env: { ...env, PATH: `${dir}:${process.env.PATH ?? ''}`, LC_ALL: 'C' } }, (error, stdout, stderr) => {
        if (error) reject(new Error(`recipe "${recipe.title}" failed: ${stderr || error.message}`));
        else resolve(stdout);
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The recipe whose title starts with `start`; throws when docs/support.md has none. */
export function recipeTitled(start: string): Recipe {
  const recipe = supportRecipes().find((candidate) => candidate.title.startsWith(start));
  if (!recipe) throw new Error(`docs/support.md has no recipe titled "${start}…"`);
  return recipe;
}
