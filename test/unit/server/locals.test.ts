import { HOST_RESOLVED, SITE_RESOLVED, stageOf } from '../../../src/server/locals';

describe('stageOf', () => {
  it('hands out the locals a stage guarantees once the steps before it have set them', () => {
    const locals = { host: 'cooking.example.com', siteKey: 'cooking' };
    expect(stageOf(locals, HOST_RESOLVED)).toBe(locals);
  });

  it('throws, naming the first missing field, when a step runs before the one that sets it', () => {
    expect(() => stageOf({ host: 'cooking.example.com', siteKey: 'cooking' }, SITE_RESOLVED)).toThrow(
      'res.locals.route read before the step that sets it',
    );
  });
});
