/**
 * The one way the browser tests and the audit/screenshot scripts find a Chromium, in this order:
 * `CHROME_PATH`, the system's Chromium, then the `@sparticuz/chromium` devDependency (a
 * Chromium build shipped inside an npm package, so `npm ci` alone brings one). A candidate is
 * taken when it answers `--version` within seconds; when none does, one error line says why
 * for each.
 *
 * The packaged build is a headless shell made for Amazon Linux: it needs NSS, which a bare
 * Debian lacks, so the package's own copy of those libraries (and its fonts) is unpacked beside
 * it and handed to the browser through `env`.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** Where distributions install Chromium (Debian, Ubuntu's snap wrapper, Google's package). */
const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** Flags for a desktop or CI machine (not the package's Lambda flags such as --single-process). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A Chromium that does not answer `--version` in this long will not start a test either. */
const VERSION_TIMEOUT_MS = 10_000;

/**
 * @typedef {{ executablePath: string, source: string, version: string, args: string[], env: Record<string, string> }} FoundChromium
 *   `env`: variables to add to the browser's environment (empty for a system Chromium).
 */

const runFile = promisify(execFile);

/** Why `file` cannot be run, or null when it is an executable regular file. */
function notExecutable(file) {
  try {
    if (!statSync(file).isFile()) return 'not a regular file';
    accessSync(file, constants.X_OK);
    return null;
  } catch (error) {
    return error.code === 'ENOENT' ? 'not found' : error.message;
  }
}

/** The browser's version line when it runs, else throws with the reason. */
async function versionOf(executablePath, env) {
  const why = notExecutable(executablePath);
  if (why) throw new Error(why);
  const { stdout } = await runFile(executablePath, ['--version'], { env: { ...process.env, ...env }, timeout: VERSION_TIMEOUT_MS });
  return stdout.trim().split('\n')[0];
}

/** Unpacks the packaged Chromium, its NSS libraries and fonts into the temp dir (once; reused after). */
async function unpackPackagedChromium() {
  const { default: packaged, inflate } = await import('@sparticuz/chromium');
  const binDir = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');
  const [executablePath, libraries] = await Promise.all([packaged.executablePath(binDir), inflate(path.join(binDir, 'al2023.tar.br'))]);
  return { executablePath, env: { LD_LIBRARY_PATH: path.join(libraries, 'lib'), FONTCONFIG_PATH: path.join(tmpdir(), 'fonts') } };
}

/** The candidates in the order they are tried; each resolves to a path and the env it needs. */
function candidates(chromePath) {
  const fixed = (executablePath) => async () => ({ executablePath, env: {} });
  if (chromePath) return [{ source: 'CHROME_PATH', locate: fixed(chromePath) }];
  return [
    ...SYSTEM_CHROMIUM_PATHS.map((executablePath) => ({ source: 'system', locate: fixed(executablePath) })),
    { source: '@sparticuz/chromium', locate: unpackPackagedChromium },
  ];
}

/**
 * The first Chromium that runs. A set `CHROME_PATH` is the only candidate: whoever sets it
 * wants that browser, and silently testing another would hide their mistake.
 * @returns {Promise<FoundChromium>}
 */
export async function findChromium(chromePath = process.env.CHROME_PATH) {
  const failures = [];
  for (const { source, locate } of candidates(chromePath)) {
    let executablePath = source;
    try {
      const located = await locate();
      executablePath = located.executablePath;
      const version = await versionOf(located.executablePath, located.env);
      return { executablePath, source, version, args: CHROMIUM_ARGS, env: located.env };
    } catch (error) {
      failures.push(`${executablePath === source ? source : `${executablePath} (${source})`}: ${String(error.message).split('\n')[0]}`);
    }
  }
  throw new Error(`No Chromium starts. Tried ${failures.join('; ')}. Set CHROME_PATH to a Chromium binary, or run npm ci to install @sparticuz/chromium.`);
}

// `node scripts/lib/chromium.mjs` prints which Chromium the tests and scripts will use.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  findChromium().then(
    (found) => console.log(`${found.version} at ${found.executablePath} (${found.source})`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
