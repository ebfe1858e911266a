import { adsTxtDocument, adsTxtLinesOf, adsTxtSourceOf, hasAdsTxtRecords, isValidAdsTxtLine, MAX_ADS_TXT_LINES } from '../../../../src/server/site/ads-txt';

describe('isValidAdsTxtLine (IAB ads.txt 1.1)', () => {
  it.each([
    'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
    'google.com,pub-0000000000000000,DIRECT',
    'appnexus.com, 1234, reseller',
    'openx.com, 5377, RESELLER, 6a698e2ec38604c6 # via partner',
    'example-ssp.com, 99, DIRECT, abc123;extension=data',
    '# a comment',
    '',
    '   ',
    'CONTACT=ads@example.com',
    'contact=https://example.com/ads',
    'SUBDOMAIN=cooking.example.com',
    'INVENTORYPARTNERDOMAIN=partner.example',
    'OWNERDOMAIN=example.com',
    'MANAGERDOMAIN=manager.example, US',
  ])('accepts %j', (line) => expect(isValidAdsTxtLine(line)).toBe(true));

  it.each([
    'not a record',
    'google.com, pub-1, PARTNER',
    'google.com, , DIRECT',
    'google.com, pub 1, DIRECT',
    'google, pub-1, DIRECT',
    'google.com, pub-1',
    'google.com, pub-1, DIRECT, cert, extra',
    'google.com, pub-1, DIRECT, not-an-id!',
    'google.com, pub-1, DIRECT\nevil.com, 1, DIRECT',
    'google.com, pub-1, DIRECT\r',
    'FAVOURITE=blue',
    'SUBDOMAIN=not a domain',
    'CONTACT=',
    `google.com, pub-1, DIRECT # ${'x'.repeat(1_000)}`,
  ])('rejects %j', (line) => expect(isValidAdsTxtLine(line)).toBe(false));
});

describe('adsTxtLinesOf', () => {
  it('keeps the valid lines trimmed and in order, and lists what it dropped', () => {
    expect(adsTxtLinesOf(['  google.com, pub-1, DIRECT  ', 42, 'bad', '# note', null])).toEqual({ lines: ['google.com, pub-1, DIRECT', '# note'], invalid: ['42', 'bad', 'null'] });
  });

  it('missing or null is no lines and nothing invalid; any other non-list is one invalid entry', () => {
    expect(adsTxtLinesOf(undefined)).toEqual({ lines: [], invalid: [] });
    expect(adsTxtLinesOf(null)).toEqual({ lines: [], invalid: [] });
    expect(adsTxtLinesOf('google.com, pub-1, DIRECT')).toEqual({ lines: [], invalid: ['"google.com, pub-1, DIRECT"'] });
    expect(adsTxtLinesOf({ a: 1 })).toEqual({ lines: [], invalid: ['{"a":1}'] });
  });

  it(`keeps at most ${MAX_ADS_TXT_LINES} lines`, () => {
    const many = Array.from({ length: MAX_ADS_TXT_LINES + 3 }, (_, i) => `google.com, pub-${i}, DIRECT`);
    const { lines, invalid } = adsTxtLinesOf(many);
    expect(lines).toHaveLength(MAX_ADS_TXT_LINES);
    expect(invalid).toHaveLength(3);
  });
});

describe('adsTxtSourceOf', () => {
  const own = { _id: 'own', config: { ads_txt: ['a.com, 1, DIRECT'] } };
  const global = { _id: 'global', config: { ads_txt: ['g.com, 1, DIRECT'] } };
  it("takes the setting's own list, else the global one", () => {
    expect(adsTxtSourceOf(own, global)).toEqual({ from: 'own', value: ['a.com, 1, DIRECT'] });
    for (const none of [undefined, null, []]) expect(adsTxtSourceOf({ _id: 'own', config: { ads_txt: none } }, global)?.from).toBe('global');
    expect(adsTxtSourceOf({ _id: 'own', config: {} }, null)).toBeNull();
  });
  it('a malformed own value stays the setting own (no fallback to the network sellers)', () => {
    expect(adsTxtSourceOf({ _id: 'own', config: { ads_txt: 'a.com, 1, DIRECT' } }, global)?.from).toBe('own');
  });
});

describe('the document', () => {
  it('has records only when a line is more than a blank or a comment', () => {
    expect(hasAdsTxtRecords(['# only a comment', ''])).toBe(false);
    expect(hasAdsTxtRecords(['# sellers', 'CONTACT=a@b.example'])).toBe(true);
  });
  it('is the lines, newline-terminated', () => expect(adsTxtDocument(['a', 'b'])).toBe('a\nb\n'));
});
