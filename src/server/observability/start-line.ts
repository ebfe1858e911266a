/**
 * What `server.listening` tells a person: the address to open. With the embedded demo that is
 * http://localhost:PORT, not the bound IP (sites are chosen by host name, and an IP address
 * shows the network's default site), and the other demo sites. Pure.
 */

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost']);

export interface StartLine {
  /** The address to open in a browser. */
  readonly open: string;
  /** The log line's message, one line a person reads at a glance. */
  readonly msg: string;
}

/** `demoHosts`: the embedded demo's sites (the first is the default), or undefined without the demo. */
export function startLineOf(host: string, port: number, demoHosts: readonly string[] | undefined): StartLine {
  const hostOf = (name: string) => (name.includes(':') ? `[${name}]` : name);
  if (!demoHosts || !LOOPBACK_OR_ANY.has(host)) {
    const open = `http://${hostOf(host)}:${port}`;
    return { open, msg: `listening on ${open}` };
  }
  const [first = 'localhost', ...others] = demoHosts;
  const open = `http://${first}:${port}`;
  const more = others.map((name) => `http://${name}:${port}`).join(', ');
  return { open, msg: `demo sites: open ${open}${more ? ` (and ${more})` : ''}; the README's Demo sites says what each shows` };
}
