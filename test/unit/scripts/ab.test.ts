/** The pure parts of the `ab` benchmark (scripts/lib/ab.mjs, plain ESM run in a Node of its own). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const abModule = path.resolve(__dirname, '../../../scripts/lib/ab.mjs');

/** Calls `name(...args)` of the module; its value, or `{ error }` with the message it threw. */
function call(name: string, ...args: unknown[]): unknown {
  const source = `import * as ab from ${JSON.stringify(abModule)};
let out; try { out = { value: ab[${JSON.stringify(name)}](...${JSON.stringify(args)}) }; } catch (error) { out = { error: error.message }; }
process.stdout.write(JSON.stringify(out));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' })) as { value?: unknown; error?: string };
  return 'error' in out ? { error: out.error } : out.value;
}

describe('arguments', () => {
  it('two dirs, taken from the folder the command was typed in, and 6 pairs unless given', () => {
    expect(call('abArgsOf', ['../base', '.'], '/work/wt/me/src')).toEqual({ dirA: '/work/wt/me/base', dirB: '/work/wt/me/src', pairs: 6 });
    expect(call('abArgsOf', ['/a', '/b', '2'], '/x')).toEqual({ dirA: '/a', dirB: '/b', pairs: 2 });
  });

  it.each([[[]], [['/a']], [['/a', '/b', '0']], [['/a', '/b', 'six']], [['/a', '/b', '2', 'more']]])('%j: the usage line', (argv) => {
    expect(call('abArgsOf', argv, '/x')).toEqual({ error: expect.stringMatching(/^usage: npm run bench -- ab <dirA> <dirB> \[pairs=6\]/) });
  });
});

describe('one side’s extra env (ENV_A, ENV_B)', () => {
  it('is NAME=value words; none when unset or blank', () => {
    expect(call('envAssignmentsOf', ' LOG_LEVEL=warn  PAGE_CACHE_TTL_SECONDS=0 ')).toEqual({ LOG_LEVEL: 'warn', PAGE_CACHE_TTL_SECONDS: '0' });
    expect(call('envAssignmentsOf')).toEqual({});
    expect(call('envAssignmentsOf', 'EMPTY=')).toEqual({ EMPTY: '' });
  });

  it('names a word that is not an assignment', () => {
    expect(call('envAssignmentsOf', 'LOG_LEVEL=warn --inspect')).toEqual({ error: 'not NAME=value: "--inspect"' });
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(call('median', [2.4, 1.9, 3.1])).toBe(2.4);
  });

  it('is the mean of the middle two of an even count', () => {
    expect(call('median', [4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values, never a made-up 0 (JSON carries NaN as null)', () => {
    expect(call('median', [])).toBeNull();
  });
});
