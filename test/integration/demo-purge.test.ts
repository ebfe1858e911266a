/**
 * `npm run demo:purge` as a person runs it (scripts/demo-purge.mjs, for real: the demo content
 * API with edits, the built app, scripts/purge.mjs): it ends with the new title on the answer,
 * the page of its category that lists it and the home, and exit 0.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

test('the purge demo shows the new title everywhere the answer is, and exits 0', async () => {
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(process.execPath, [path.join(root, 'scripts/demo-purge.mjs')], { cwd: root }, (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }));
  });
  expect(stdout).toMatch(/^ {3}it is listed on \/category\/baking\?page=2 and \/$/m);
  const newTitle = /^3\. the editor retitles it in the content API: "(.+)"$/m.exec(stdout)?.[1];
  expect(newTitle).toMatch(/edited at/);
  expect(stdout).toContain(`6. read it: the next request`);
  expect(stdout).toMatch(new RegExp(`h1 "${newTitle?.replace(/[?.*+()[\]\\]/g, '\\$&')}" \\(page cache: miss\\)`));
  expect(stdout).toMatch(/^ {3}\/category\/baking\?page=2 shows it; \/ shows it$/m);
  expect(stdout.trim().split('\n').at(-1)).toBe('the new title shows at once after the purge');
  expect(code).toBe(0);
}, 120_000);
