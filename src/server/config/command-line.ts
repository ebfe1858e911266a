/**
 * The server's command line: everything is configured by environment variables (config.ts), so
 * the only options are the two every newcomer tries. Anything else is refused rather than
 * ignored: a server that starts on `--port 8080` would listen where nobody asked it to.
 * Node's own `util.parseArgs` reads the arguments.
 */
import { parseArgs } from 'node:util';

export type CommandLine = { readonly kind: 'serve' } | { readonly kind: 'version' } | { readonly kind: 'help' } | { readonly kind: 'invalid'; readonly message: string };

/** What the arguments after the script's path ask for. Pure. */
export function commandLineOf(args: readonly string[]): CommandLine {
  try {
    const { values } = parseArgs({ args: [...args], options: { version: { type: 'boolean', short: 'v' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
    if (values.help) return { kind: 'help' };
    if (values.version) return { kind: 'version' };
    return { kind: 'serve' };
  } catch (error) {
    // parseArgs names the argument: "Unknown option '--port'", "Unexpected argument 'x'".
    const reason = error instanceof Error ? error.message.split('.')[0] : String(error);
    return { kind: 'invalid', message: `${reason}. Options: --help, --version; everything else is set by environment variables (--help lists them).` };
  }
}

/** What --help prints. */
export function helpText(version: string): string {
  return `qa-sites ${version}: one server for many question-and-answer sites, chosen by host name.

Usage: npm start            (builds first when needed)
       node dist/server/index.js [--help | --version]

Configuration is by environment variable (README.md, Configuration), the main ones:
  PORT, HOST                          where to listen (3000; 0.0.0.0, the demo: 127.0.0.1)
  CONTENT_API_URL, CAMPAIGN_API_URL   the backends; both unset outside production: the
                                      embedded demo backend and its demo sites
  NODE_ENV                            development, production or test
  LOG_LEVEL                           fatal, error, warn, info (default), debug, trace, silent

With the demo: http://localhost:3000 (Everyday Answers), http://cooking.localhost:3000 and the
other demo sites of the README; http://127.0.0.1:3000 shows Answers Network, the network's
default site, since no site record names the address.
`;
}
