import { splitCredentials } from '../../../../src/server/content/credentials';

const basic = (userPass: string) => `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}`;

describe('splitCredentials', () => {
  it('leaves a URL without userinfo as it is, with no header', () => {
    expect(splitCredentials('https://api.example.com/v1')).toEqual({ baseUrl: 'https://api.example.com/v1', headers: {} });
  });

  it('moves user and password into a Basic authorization header', () => {
    expect(splitCredentials('https://svc:s3cret@api.example.com:8443/v1')).toEqual({ baseUrl: 'https://api.example.com:8443/v1', headers: { authorization: basic('svc:s3cret') } });
  });

  it('keeps a base without a path free of a trailing slash, as configured', () => {
    expect(splitCredentials('http://svc:s3cret@127.0.0.1:4000').baseUrl).toBe('http://127.0.0.1:4000');
  });

  it('sends percent-encoded userinfo decoded (a colon or @ in the password, UTF-8)', () => {
    expect(splitCredentials('https://svc%40team:p%3Aw%40rd%C3%A9@api.example.com').headers).toEqual({ authorization: basic('svc@team:p:w@rdé') });
  });

  it('sends a user without a password with an empty one', () => {
    expect(splitCredentials('https://token@api.example.com').headers).toEqual({ authorization: basic('token:') });
  });
});
