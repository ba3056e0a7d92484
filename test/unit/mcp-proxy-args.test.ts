import { describe, expect, it } from 'vitest';
import { parseProxyArguments } from '../../client/cli/mcp-proxy/args.ts';
import { gatedToolName, serverSlug } from '../../client/cli/mcp-proxy/names.ts';

describe('gatehouse mcp-proxy command line', () => {
  it('options, then the wrapped command after --, untouched', () => {
    expect(
      parseProxyArguments([
        '--name',
        'fs',
        '--session=s1',
        '--timeout',
        '30',
        '--',
        'npx',
        '-y',
        'server',
        '--name',
        'x',
      ]),
    ).toEqual({
      help: false,
      name: 'fs',
      session: 's1',
      timeoutSeconds: 30,
      command: ['npx', '-y', 'server', '--name', 'x'],
    });
  });

  it('the first word that is not an option starts the command; its flags stay its own', () => {
    expect(parseProxyArguments(['--relay', 'http://r', 'node', 'server.js', '--token', 'theirs'])).toEqual({
      help: false,
      url: 'http://r',
      command: ['node', 'server.js', '--token', 'theirs'],
    });
  });

  it('a command that starts with a dash is given after --', () => {
    expect(parseProxyArguments(['--', '-weird'])).toMatchObject({ command: ['-weird'] });
  });

  it.each([
    [['--name', 'fs'], /no server command/],
    [['--name'], /--name takes a value/],
    [['--name='], /--name takes a value/],
    [['--nam', 'fs', '--', 'x'], /unknown option --nam/],
    [['--timeout', '-1', '--', 'x'], /seconds/],
    [['--timeout', 'soon', '--', 'x'], /seconds/],
    [[], /no server command/],
  ])('%j is an error: %s', (argv, message) => {
    const parsed = parseProxyArguments(argv);
    expect('error' in parsed && parsed.error).toMatch(message);
  });

  it('--help needs no command', () => {
    expect(parseProxyArguments(['--help'])).toMatchObject({ help: true, command: [] });
  });
});

describe('gatehouse mcp-proxy names', () => {
  it.each([
    ['fs', 'fs'],
    ['secure-filesystem-server', 'secure-filesystem-server'],
    ['my server/v2', 'my_server_v2'],
    ['a__b', 'a_b'],
    ['a___b', 'a_b'],
    ['a _b', 'a_b'],
    ['ünï', '_n_'],
  ])('server %j is %j in tool names, never with a __ inside', (name, slug) => {
    expect(serverSlug(name)).toBe(slug);
    expect(gatedToolName(serverSlug(name), 'x__y')).toBe(`mcp__${slug}__x__y`);
  });
});
