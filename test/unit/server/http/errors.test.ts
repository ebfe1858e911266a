import { ERRORS, notFound, PageError, plainErrorAnswer } from '../../../../src/server/http/errors';

describe('the error catalogue', () => {
  it('gives a page error its status and, unless told otherwise, its message', () => {
    expect(notFound()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: ERRORS.NOT_FOUND.message });
    expect(new PageError('UPSTREAM_UNAVAILABLE', 'No settings.')).toMatchObject({ status: 503, message: 'No settings.' });
  });

  it('writes a plain answer with its retry time or its methods, never kept by a cache', () => {
    const overloaded = plainErrorAnswer('OVERLOADED', ['x-frame-options', 'SAMEORIGIN']);
    expect(overloaded.status).toBe(503);
    expect(overloaded.headers.slice(0, 4)).toEqual(['x-frame-options', 'SAMEORIGIN', 'retry-after', '1']);
    expect(overloaded.headers).toEqual(expect.arrayContaining(['cache-control', 'private, no-store', 'content-length', String(overloaded.body.length)]));
    expect(plainErrorAnswer('METHOD_NOT_ALLOWED').headers.slice(0, 2)).toEqual(['allow', 'GET, HEAD']);
  });

  it('logs bugs and overload with a stable event, and not the answers a page gives on purpose', () => {
    const logged = Object.entries(ERRORS).flatMap(([code, answer]) => ('log' in answer ? [[code, answer.log.event]] : []));
    expect(Object.fromEntries(logged)).toEqual({
      OVERLOADED: 'load.shed',
      RENDER_ABORTED: 'render.aborted',
      UNEXPECTED: 'request.failed',
      ERROR_PAGE_FAILED: 'request.failed',
      FAILED_MIDWAY: 'response.failed_midway',
    });
  });
});
