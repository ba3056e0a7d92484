import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../shared/shell/index.ts';
import { isPathKey, isPathKeyHinted } from '../../shared/shield/file-access.ts';
import { matchSecrets, matchSecretsExhaustive } from '../../shared/shield/match.ts';
import { anySecretHint, secretPatterns } from '../../shared/shield/patterns.ts';
import { isSecretPath, mayNameSecretFile } from '../../shared/shield/secret-paths.ts';
import { sensitiveKeyKind, sensitiveKeyKindExhaustive } from '../../shared/shield/sensitive-keys.ts';
import { shellSecretFile } from '../../shared/shield/shell-files.ts';
import { fake } from '../support/fake-secrets.ts';

/**
 * The shield skips work when a text holds no hint of a secret. A hint that is too narrow would
 * hide a secret, so each hinted check is compared with its exhaustive form on random texts
 * seeded with the shapes of secrets, secret files and sensitive names, in every case.
 */

const secretShapes = [
  ...Object.values(fake),
  'AKIA',
  'ASIA',
  'A3T',
  'ghp_',
  'github_pat_',
  'glpat-',
  'xoxb-',
  'sk-',
  'sk-ant-',
  'sk_live_',
  'rk_test_',
  'AIza',
  'npm_',
  'eyJ',
  '-----BEGIN ',
  'PRIVATE KEY-----',
  'https://hooks.slack.com/services/',
  'https://',
  '://user:',
  '@host',
  'Bearer ',
  'Authorization: ',
  'proxy-authorization=',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'client_secret',
  'aws_secret_access_key',
  'api_key',
  'api-key',
  'apikey',
  'token',
  'page_token',
  '--',
  '=',
  ': ',
  '"',
  "'",
  '\\',
  'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  'hunter2',
];

const pathShapes = [
  '.env',
  '.env.local',
  '.env.example',
  '.dev.vars',
  '.envrc',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  'credentials',
  'credentials.json',
  '.pgpass',
  '.my.cnf',
  '.htpasswd',
  '.vault-token',
  'terraform.tfstate',
  '.pem',
  '.key',
  '.p12',
  '.pfx',
  '.ppk',
  '.jks',
  '.keystore',
  '.kdbx',
  'secrets.yml',
  '.secrets',
  'id_rsa',
  'id_ed25519_sk',
  '.ssh',
  '.gnupg',
  '.aws',
  '.docker',
  'config.json',
  '.kube',
  'config',
  'gh',
  'hosts.yml',
  '~/',
  '/',
  '\\',
  '"',
  "'",
  '.',
  '..',
];

const keyShapes = [
  'password',
  'Password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'api',
  'Key',
  'key',
  'auth',
  'Authorization',
  'cookie',
  'private',
  'access',
  'page',
  'next',
  'file',
  'File',
  'path',
  'Path',
  'paths',
  'name',
  'names',
  'dir',
  'directory',
  'glob',
  'globs',
  'notebook',
  '_',
  '-',
  '.',
  'X',
];

/** Characters whose case mapping is not ASCII's: the Kelvin sign lowers to `k`, `İ` to `i̇`, `ſ` folds to `s`. */
const oddCase = ['\u212A', '\u0130', '\u017F', '\u212B', 'ß', 'ẞ'];

/** A random case per character, so hints are checked in every case the exhaustive checks accept. */
const anyCase = (text: string, flips: readonly boolean[]) =>
  [...text].map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char.toLowerCase())).join('');

function seeded(shapes: readonly string[], separators: string): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...shapes) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...separators), maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(...oddCase) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  );
  return fc
    .tuple(
      fc.array(piece, { maxLength: 10 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      fc.boolean(),
    )
    .map(([pieces, flips, recase]) => (recase ? anyCase(pieces.join(''), flips) : pieces.join('')));
}

describe('hinted secret patterns find what the exhaustive scan finds', () => {
  it('on random texts seeded with secret shapes', () => {
    fc.assert(
      fc.property(seeded(secretShapes, ' =:_-./"\'\n'), (text) => {
        expect(matchSecrets(text)).toEqual(matchSecretsExhaustive(text));
      }),
      { numRuns: 3000 },
    );
  });

  it.each(secretPatterns.map((pattern, index) => [index, pattern] as const))(
    'whatever pattern %i hints at, the combined hint matches too',
    (_index, pattern) => {
      fc.assert(
        // fast-check generates from case-sensitive regexes only; case is then varied where the hint ignores it.
        fc.property(
          fc.stringMatching(new RegExp(pattern.hint.source)),
          fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
          (text, flips) => {
            const cased = pattern.hint.flags.includes('i') ? anyCase(text, flips) : text;
            expect(pattern.hint.test(cased)).toBe(true);
            expect(anySecretHint.test(cased)).toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it.each(Object.entries(fake))('the fake %s is found with and without hints', (name, secret) => {
    // An AWS secret key is 40 characters of base64 that only its label tells apart.
    const text = name === 'awsSecret' ? `aws_secret_access_key = ${secret}` : `x ${secret} y`;
    expect(matchSecrets(text).length).toBeGreaterThan(0);
    expect(matchSecrets(text)).toEqual(matchSecretsExhaustive(text));
  });
});

describe('the secret path hint is in every secret path', () => {
  it('on random paths seeded with secret names', () => {
    fc.assert(
      fc.property(seeded(pathShapes, '/._-~ '), (path) => {
        if (isSecretPath(path)) expect(mayNameSecretFile(path)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    'server.\u212Aey',
    '~/.SSH/ID_RSA',
    'C:\\Users\\ada\\.aws\\credentials',
    '"~/.config/gh/hosts.yml"',
  ])('%s is a secret path, and has the hint', (path) => {
    expect(isSecretPath(path)).toBe(true);
    expect(mayNameSecretFile(path)).toBe(true);
  });
});

describe('the sensitive key hint', () => {
  it('changes no answer on random keys', () => {
    fc.assert(
      fc.property(seeded(keyShapes, '_-. '), (key) => {
        expect(sensitiveKeyKind(key)).toBe(sensitiveKeyKindExhaustive(key));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(['api\u212Aey', 'DB_PASSWORD', 'x-api-key', 'apiKey', 'Authorization'])(
    '%s is sensitive with and without the hint',
    (key) => {
      expect(sensitiveKeyKind(key)).not.toBeNull();
      expect(sensitiveKeyKind(key)).toBe(sensitiveKeyKindExhaustive(key));
    },
  );
});

describe('the path key hint', () => {
  it('changes no answer on random keys', () => {
    fc.assert(
      fc.property(seeded(keyShapes, '_-. '), (key) => {
        expect(isPathKeyHinted(key)).toBe(isPathKey(key));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('shell commands skipped for naming no secret file', () => {
  /** Characters the shell gives meaning to, without the quotes, escapes, expansions and globs. */
  const plainShell = ' \t\n;&|()<>=:/.-_~!}],#%+@';

  it('every word of a command without quotes, escapes, expansions or globs is a slice of it', () => {
    fc.assert(
      fc.property(
        seeded([...pathShapes, 'cat', 'bash', '-c', '2>', '>>', '<', '<<EOF'], plainShell),
        (raw) => {
          const command = raw.replace(/[\\'"$`*?[{]/g, '');
          const analysis = analyzeShell(command);
          for (const segment of analysis.segments) {
            for (const word of [...segment.argv, ...segment.assignments]) expect(command).toContain(word);
          }
          for (const redirection of analysis.redirections) expect(command).toContain(redirection.target);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['cat .ENV', '.ENV'],
    ['cat server.\u212Aey', 'server.\u212Aey'],
    ['cat .e"n"v', '.env'],
    ["cat $'\\x2eenv'", '.env'],
    ['cat .e\\nv', '.env'],
    ['cat < ~/.ssh/id_rsa', '~/.ssh/id_rsa'],
    ['npm test -- --run shard7 && cat config/secrets.json', 'config/secrets.json'],
  ])('%s names %s', (command, file) => {
    expect(shellSecretFile(command)).toBe(file);
  });

  it('a command with no hint and no rewriting character names none', () => {
    expect(
      shellSecretFile(
        'npm test -- --run shard7 && npm test -- --coverage; npm test -- lint7 || npm test -- retry 7',
      ),
    ).toBeNull();
  });

  it('a glob that only spells a secret name once its wildcards are dropped is still found', () => {
    expect(shellSecretFile('cat .en[v]')).toBe('.en[v]');
  });
});
