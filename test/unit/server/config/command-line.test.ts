import { commandLineOf, helpText } from '../../../../src/server/config/command-line';

describe('commandLineOf', () => {
  it.each<[string[], string]>([
    [[], 'serve'],
    [['--version'], 'version'],
    [['-v'], 'version'],
    [['--help'], 'help'],
    [['-h'], 'help'],
    [['--help', '--version'], 'help'],
  ])('%p: %s', (args, kind) => {
    expect(commandLineOf(args).kind).toBe(kind);
  });

  it.each([['--port', "'--port'"], ['-p', "'-p'"], ['serve', "'serve'"], ['--version=yes', 'version']])('%s is refused with one line naming it', (arg, named) => {
    const result = commandLineOf([arg]);
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.message).toContain(named);
    expect(result.message).toContain('--help');
    expect(result.message).not.toContain('\n');
  });
});

test('the help names the version, the main variables and what 127.0.0.1 shows', () => {
  const help = helpText('1.2.3');
  expect(help).toContain('qa-sites 1.2.3');
  for (const name of ['PORT', 'HOST', 'CONTENT_API_URL', 'CAMPAIGN_API_URL', 'NODE_ENV', 'LOG_LEVEL']) expect(help).toContain(name);
  expect(help).toContain('Answers Network');
});
