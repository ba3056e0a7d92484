import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesSecret, secretFileAccess } from '../../shared/shield/file-access.ts';
import { globNamesSecretFile, isSecretPath } from '../../shared/shield/secret-paths.ts';

/**
 * A path field's value is judged by its secret path hint before it is split into segments. The
 * hinted answer must be the plain one (every value judged as a path, and as a glob when it has
 * glob characters) for every value: secret names in any case, in folders, behind backslashes,
 * quotes and blanks, as globs, and characters outside ASCII that fold onto ASCII letters.
 */
const plainAnswer = (value: string): boolean =>
  isSecretPath(value) || (/[*?[{]/.test(value) && globNamesSecretFile(value));

const pieces = fc.constantFrom(
  '.env',
  '.ENV',
  '.env.local',
  '.env.example',
  '.envrc',
  '.dev.vars',
  '.npmrc',
  '_netrc',
  '.git-credentials',
  'credentials.json',
  'credentials',
  '.aws',
  '.ssh',
  '.SSH',
  'id_rsa',
  'ID_ED25519',
  'id_rsa.pub',
  'known_hosts',
  'config',
  'config.json',
  '.docker',
  '.kube',
  'gh',
  'hosts.yml',
  '.gnupg',
  'secrets.yaml',
  '.secrets',
  'server.pem',
  'app.KEY',
  'store.keystore',
  'terraform.tfstate',
  'src',
  'index.ts',
  'home',
  'dev',
  '~',
  '.',
  '..',
  '*',
  '**',
  '?',
  '[a]',
  '{.env,x}',
  '.e*',
  '\u212Aube',
  '\u0130d_rsa',
  '\u017Fsh',
  'caf\u00E9',
  ' ',
  '"',
  "'",
);
const separators = fc.constantFrom('/', '\\', '', '.');
const paths = fc.oneof(
  fc.array(fc.tuple(separators, pieces), { maxLength: 6 }).map((parts) => parts.flat().join('')),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

describe('the path value check', () => {
  it('answers as the plain check does for every value', () => {
    fc.assert(
      fc.property(paths, (value) => {
        expect(namesSecret(value)).toBe(plainAnswer(value));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['/home/dev/project/.env', true],
    ['C:\\Users\\dev\\.ssh\\id_rsa', true],
    ['/home/dev/.KUBE/config', true],
    ['**/*.pem', true],
    ['/home/dev/project/src/index.ts', false],
    ['/home/dev/project/.env.example', false],
  ])('judges %s a secret file: %s', (value, expected) => {
    expect(namesSecret(value)).toBe(expected);
    expect(secretFileAccess({ tool: 'Read', input: { file_path: value } }) !== null).toBe(expected);
  });
});
