/**
 * A client in a process of its own (internal-port-and-drain.test.ts): told "go", it connects to
 * 127.0.0.1:<port>, sends one request, writes the file <flag> once the request is on its way,
 * and sends back everything the server answered before closing (or the socket's error code).
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';

const [port, flag] = process.argv.slice(2);
process.once('message', () => {
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  let error;
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', (failure) => (error = failure.code));
  socket.on('close', () => process.send({ text, error }, () => process.exit(0)));
  socket.write('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n', () => writeFileSync(flag, ''));
});
process.send('ready');
