/**
 * Hostile requests for the fuzz test: a fixed list of known-nasty strings, a client that sends
 * request targets and headers byte for byte (supertest's URL parsing would tidy them up), and
 * the checks every answer must pass.
 */
import { Agent, maxHeaderSize, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** Known-nasty strings: injection, encoding, traversal, size and parser edge cases. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '%',
  '%%',
  '%zz',
  '%u0041',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  '%c0%ae%c0%ae/',
  '%ed%a0%80',
  '%ff%fe',
  '%E2%80%A8%E2%80%A9',
  '..',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '/',
  '//evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</script><script>alert(1)</script>',
  '<!--',
  ']]>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e308',
  '99999999999999999999',
  '[]',
  '{}',
  'a[b]=c',
  'a&b=c',
  '\u2028\u2029',
  '\ufeff',
  '\u202e',
  'Ω≈ç√∫',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
  '田中さん',
  'Z̮̞̠͙͔ͅḀ̗̞͈̻̗',
  '\u0000',
  '\r\n',
  '\t',
  'x'.repeat(300),
  'é'.repeat(2000),
  'A'.repeat(20 * 1024),
];

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as in browsers). */
export function percentEncodeBytes(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** Encoded like a browser would, but leaving the characters a careless client sends raw. */
export function looselyEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (byte > 0x20 && byte < 0x7f && byte !== 0x23 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** The string as raw latin1 bytes that Node's client accepts in a request line or header. */
export function rawBytes(value: string, allowSpace: boolean): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .split('')
    .filter((char) => {
      const code = char.charCodeAt(0);
      return allowSpace ? code === 0x09 || (code >= 0x20 && code !== 0x7f) : code > 0x20 && code !== 0x7f;
    })
    .join('');
}

export interface HostileRequest {
  readonly method: string;
  /** The request target, sent byte for byte (latin1, 0x21-0xff). */
  readonly target: string;
  /** Header values, sent byte for byte; undefined leaves the header out. */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request over a keep-alive agent; the target and headers are not normalized. */
/** The request line and headers as sent, in bytes. */
function headBytesOf(hostile: HostileRequest, headers: Record<string, string>): number {
  return Buffer.byteLength(`${hostile.method} ${hostile.target} HTTP/1.1\r\n`) + Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${value}\r\n`), 0);
}

export function send(agent: Agent, port: number, hostile: HostileRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(hostile.headers)) if (value !== undefined) headers[name] = value;
    // A head over Node's limit is answered 431 by Node's parser, which closes the socket at once
    // with the rest of the request unread: the kernel then resets the connection, and on Node 24
    // the reset often reaches this client before the 431 does. Either is Node's refusal.
    const refusedByParser = headBytesOf(hostile, headers) > maxHeaderSize;
    const req = request({ agent, host: '127.0.0.1', port, method: hostile.method, path: hostile.target, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (refusedByParser && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve({ status: 431, headers: {}, body: '' });
      else reject(error);
    });
    req.end();
  });
}

/**
 * Raw bytes on a fresh socket, for what no well-behaved client can send (control characters in
 * the request line or headers). Resolves with the status code of the answer.
 */
export function sendBytes(port: number, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(head);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed without an answer: ${JSON.stringify(head.slice(0, 100))}`)));
  });
}

/**
 * What a marker reflected into a page must never look like: a tag it opens, or a quote before
 * it that nothing escaped (React writes &quot;; JSON writes \").
 */
export function unescapedReflectionsOf(body: string, marker: string): string[] {
  const found: string[] = [];
  if (body.includes(`<${marker}`)) found.push(`<${marker}`);
  if (new RegExp(`(^|[^\\\\])"${marker}`).test(body)) found.push(`"${marker}`);
  return found;
}

/** The app-state JSON of an HTML answer parses, and no script element closed early. */
export function appStateProblemOf(body: string): string | null {
  if (!body.startsWith('<!DOCTYPE html>')) return null;
  const state = /<script id="app-state" type="application\/json">([\s\S]*?)<\/script>/.exec(body);
  if (!state) return 'no app-state script';
  try {
    JSON.parse(state[1] ?? '');
  } catch {
    return 'app-state is not JSON';
  }
  const opened = body.match(/<script[\s>]/g)?.length ?? 0;
  const closed = body.match(/<\/script>/g)?.length ?? 0;
  if (opened !== closed) return `script elements: ${opened} opened, ${closed} closed`;
  // Data scripts (the app-state, JSON-LD) must parse; only the saved-theme script, the loader (both hashed) and React's nonce scripts may run.
  const scripts = [...body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const data = scripts.filter(([, attributes]) => /type="application\/(?:ld\+)?json"/.test(attributes ?? ''));
  for (const [, , text] of data) {
    try {
      JSON.parse(text ?? '');
    } catch {
      return 'a JSON data script does not parse';
    }
  }
  // React's scripts that reveal streamed parts carry the response's one nonce (its CSP allows it).
  const executable = scripts.filter(([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes ?? ''));
  const nonces = new Set(executable.map(([, attributes]) => / nonce="([^"]+)"/.exec(attributes ?? '')?.[1]).filter((nonce) => nonce !== undefined));
  if (nonces.size > 1) return 'scripts with different nonces';
  const withoutNonce = executable.filter(([, attributes]) => !/ nonce="/.test(attributes ?? '')).length;
  return withoutNonce === 2 ? null : `${withoutNonce} executable scripts without a nonce, not just the saved-theme script and the loader`;
}
