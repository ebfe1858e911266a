import { startLineOf } from '../../../../src/server/observability/start-line';

const DEMO = ['localhost', 'cooking.localhost'];

test('with the demo on loopback or every address, the line says to open http://localhost:PORT and names the other demo sites', () => {
  for (const host of ['127.0.0.1', '0.0.0.0', '::']) {
    expect(startLineOf(host, 3000, DEMO)).toEqual({
      open: 'http://localhost:3000',
      msg: "demo sites: open http://localhost:3000 (and http://cooking.localhost:3000); the README's Demo sites says what each shows",
    });
  }
});

test('without the demo, or bound to one other address, it names where it listens', () => {
  expect(startLineOf('0.0.0.0', 8080, undefined)).toEqual({ open: 'http://0.0.0.0:8080', msg: 'listening on http://0.0.0.0:8080' });
  expect(startLineOf('10.1.2.3', 3000, DEMO).open).toBe('http://10.1.2.3:3000');
  expect(startLineOf('fd00::1', 3000, undefined).open).toBe('http://[fd00::1]:3000');
});
