import type { IncomingMessage } from 'node:http';
import { forwardedOverHttp, requestEnvelopeOf } from '../../../../src/server/request/envelope';
import { trustFunctionOf } from '../../../../src/server/request/peer-trust';

/** A request as the listener receives it: parsed headers, the raw list, and its peer. */
function requestOf(headers: Record<string, string>, remoteAddress = '10.0.0.1', encrypted = false): IncomingMessage {
  return { headers, rawHeaders: Object.entries(headers).flat(), socket: { remoteAddress, encrypted } } as unknown as IncomingMessage;
}

const forwarded = { host: 'internal:8080', 'x-forwarded-host': 'sub.example.com, proxy.local', 'x-forwarded-proto': 'http, https', 'x-request-id': 'lb-request-0001' };

describe('requestEnvelopeOf', () => {
  it('reads the forwarded host, scheme and request id from a trusted proxy', () => {
    const envelope = requestEnvelopeOf(requestOf(forwarded), trustFunctionOf(['10.0.0.1']));
    expect(envelope).toEqual({
      reqId: 'lb-request-0001',
      hostSource: { header: 'x-forwarded-host', value: 'sub.example.com', repeated: false },
      rawHost: 'sub.example.com',
      protocol: 'http',
      forwardedOverHttp: true,
    });
  });

  it('ignores every forwarded header from a peer it does not trust', () => {
    const envelope = requestEnvelopeOf(requestOf(forwarded, '203.0.113.9', true), trustFunctionOf(['10.0.0.1']));
    expect(envelope.reqId).not.toBe('lb-request-0001');
    expect(envelope.hostSource).toEqual({ header: 'host', value: 'internal:8080', repeated: false });
    expect(envelope.protocol).toBe('https');
    expect(envelope.forwardedOverHttp).toBe(false);
  });

  it('names no host when Host is repeated', () => {
    const req = { ...requestOf({ host: 'a.example.com' }), rawHeaders: ['Host', 'a.example.com', 'host', 'b.example.com'] } as IncomingMessage;
    const envelope = requestEnvelopeOf(req, trustFunctionOf(false));
    expect(envelope.hostSource).toEqual({ header: 'host', value: undefined, repeated: true });
    expect(envelope.rawHost).toBe('');
  });
});

describe('forwardedOverHttp', () => {
  it('reads the first value only, in any case', () => {
    expect(forwardedOverHttp('HTTP')).toBe(true);
    expect(forwardedOverHttp('https, http')).toBe(false);
    expect(forwardedOverHttp(undefined)).toBe(false);
  });
});
