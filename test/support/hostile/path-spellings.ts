import type { HostileRow } from './types.ts';

/**
 * One path, many spellings (DESIGN §5: one path normaliser serves path rules, the secret list and
 * protected paths): Windows and macOS open `secrets./k`, `secrets /k`, `SECRETS\k`,
 * `secrets::$INDEX_ALLOCATION\k` and the 8.3 name `SECRE~1\k` as `secrets/k`, so a deny rule on
 * `secrets/**` must deny them all, and an allow rule must not be stretched by them.
 */
const cwd = '/home/dev/proj';
const deny = { deny: ['Read(secrets/**)', 'Edit(secrets/**)', 'Write(secrets/**)'] };
const denied = (name: string, tool: string, file_path: string): HostileRow => ({
  name: `deny rule: ${name}`,
  tool,
  input: tool === 'Read' ? { file_path } : { file_path, content: 'x' },
  cwd,
  expect: 'deny',
  rules: deny,
});
const allow = { allow: ['Edit(src/**)', 'Write(src/**)'] };
const notAllowed = (name: string, file_path: string, where: string | null = cwd): HostileRow => ({
  name: `allow rule: ${name}`,
  tool: 'Write',
  input: { file_path, content: 'x' },
  ...(where === null ? {} : { cwd: where }),
  expect: 'not_allow',
  modes: ['default', 'plan', 'accept_edits'],
  rules: allow,
});

export const hostileRows: HostileRow[] = [
  denied('trailing dot', 'Read', 'secrets./k'),
  denied('trailing space', 'Read', 'secrets /k'),
  denied('trailing dots and spaces', 'Read', 'secrets. . ./k'),
  denied('upper case', 'Read', 'SECRETS/k'),
  denied('backslash', 'Read', 'secrets\\k'),
  denied('backslash and trailing dot', 'Edit', 'secrets.\\k'),
  denied('directory stream', 'Read', 'secrets::$INDEX_ALLOCATION/k'),
  denied('8.3 short name', 'Read', 'SECRE~1/k'),
  denied('8.3 short name, backslash', 'Write', 'SECRE~1\\k'),
  denied('double slash and dot segment', 'Read', './/secrets/./k'),
  denied('climb back in', 'Read', 'src/../secrets/k'),
  denied('climb back in with backslashes', 'Read', 'src\\..\\secrets\\k'),
  denied('invisible character', 'Read', 'sec\u200crets/k'),
  denied('absolute, Windows-spelt', 'Read', '/home/dev/proj/Secrets./k'),
  notAllowed('backslash climb out of src', 'src\\..\\..\\outside.txt'),
  notAllowed('mixed separators climb out of src', 'src/..\\..\\outside.txt'),
  notAllowed('a relative climb with no working directory', '../src/x.ts', null),
  notAllowed('8.3 name standing for src', 'SRC~1/../../x.ts'),
];
