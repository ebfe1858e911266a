#!/usr/bin/env node
/**
 * `node scripts/lib/round-robin-proxy.mjs <port> <upstream-port> ...`: a balancer for the
 * `deployment` benchmark where nginx is not installed: on 127.0.0.1:<port>, each request goes to
 * the next instance in turn (127.0.0.1:<upstream-port>), over kept-alive connections, with no
 * cache of its own (the project's nginx configuration has one, which would answer for the
 * instances). A failed upstream is a 502.
 */
import http from 'node:http';

const [port, ...upstreams] = process.argv.slice(2).map(Number);
if (!port || upstreams.length === 0) {
  console.error('usage: round-robin-proxy.mjs <port> <upstream-port> ...');
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

http
  .createServer((req, res) => {
    const upstream = upstreams[next];
    next = (next + 1) % upstreams.length;
    const forwarded = http.request({ host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  })
  .listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
