import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { LateReply, replyDeadline } from '../../../../src/server/shared-cache/reply-deadline';

const TIMEOUT_MS = 30;

/** Holds the event loop, as renders queued on it do. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('a reply waited for within the command timeout', () => {
  let echoServer: ChildProcess;
  let socket: Socket;
  beforeAll(async () => {
    // An echo on loopback in a process of its own: its answer comes while this one's loop is held, as a store's reply does.
    const script = "const s = require('node:net').createServer((p) => { p.on('error', () => {}); p.pipe(p); }); s.listen(0, '127.0.0.1', () => console.log(s.address().port));";
    echoServer = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [port] = (await once(echoServer.stdout ?? echoServer, 'data')) as [Buffer];
    socket = connect(Number(port.toString().trim()), '127.0.0.1');
    await once(socket, 'connect');
  });
  afterAll(() => {
    socket.destroy();
    echoServer.kill();
  });

  /** The echo of `text`, as a promise settled when the socket is read. */
  const echo = (text: string) =>
    new Promise<string>((resolve) => {
      socket.once('data', (data) => resolve(data.toString()));
      socket.write(text);
    });

  it('is passed on, and a failure too', async () => {
    const within = replyDeadline(TIMEOUT_MS);
    await expect(within(echo('one'))).resolves.toBe('one');
    await expect(within(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('is late once the timeout has passed without it, not before', async () => {
    const within = replyDeadline(TIMEOUT_MS);
    const startedAt = performance.now();
    const never = within(new Promise<never>(() => undefined));
    const later = within(new Promise<never>(() => undefined));
    await expect(never).rejects.toBeInstanceOf(LateReply);
    await expect(later).rejects.toBeInstanceOf(LateReply);
    // Timers keep whole milliseconds.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
  });

  it('is timed from the call, made when the command is written: a turn held before it makes no reply late', async () => {
    const within = replyDeadline(TIMEOUT_MS);
    // The store writes a batch's operations as one command at the end of a turn (batch-command.ts).
    const reply = new Promise<string>((resolve, reject) => setImmediate(() => within(echo('three')).then(resolve, reject)));
    blockLoop(TIMEOUT_MS * 3);
    await expect(reply).resolves.toBe('three');
  });

  it('is not late when it came while the event loop was held past the deadline', async () => {
    const within = replyDeadline(TIMEOUT_MS);
    const reply = within(echo('two'));
    blockLoop(TIMEOUT_MS * 3);
    await expect(reply).resolves.toBe('two');
  });
});
