import { analyzeShell } from '../shell/index.ts';
import { globNamesSecretFile, isSecretPath, mayNameSecretFile } from './secret-paths.ts';
import { SHELL_REWRITING, textHints } from './text-hints.ts';

/**
 * Commands that name files without reading them: `echo .env >> .gitignore` and
 * `ls ~/.ssh` expose no secret. Their redirections are still checked.
 */
const nameOnly = new Set([
  'echo',
  'printf',
  'ls',
  'stat',
  'test',
  '[',
  '[[',
  'touch',
  'mkdir',
  'which',
  'type',
]);

/** Commands whose arguments are themselves a command line (`bash -c "cat .env"`, `ssh host '…'`). */
const runsArguments = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'eval',
  'ssh',
  'su',
  'sudo',
  'doas',
  'xargs',
  'watch',
  'timeout',
  'nohup',
  'env',
  'nice',
  'time',
  'script',
  'docker',
  'podman',
  'kubectl',
]);

/** Redirections whose target is not a file: heredoc delimiters, here-strings, fd duplications. */
const notAFile = new Set(['<<', '<<-', '<<<', '>&', '<&']);

const maxNesting = 3;

/** The parts of a word that could be a path: `--env-file=.env` → `.env`; `host:~/.ssh/id_rsa` → `~/.ssh/id_rsa`. */
function candidates(word: string): string[] {
  const parts = [word];
  const eq = word.indexOf('=');
  if (eq >= 0) parts.push(word.slice(eq + 1));
  const colon = word.indexOf(':');
  if (colon >= 0) parts.push(word.slice(colon + 1));
  return parts;
}

/** Glob characters: `globNamesSecretFile` drops them, which can join a secret name that was not written out. */
const globCharacter = /[*?[{]/;

function namesSecretFile(word: string): boolean {
  // Every part `candidates` takes is a slice of the word, so a word with no hint has no such part.
  if (!globCharacter.test(word) && !mayNameSecretFile(word)) return false;
  // A word whose last part has spaces is prose (`git commit -m "add .env"`), not a file name.
  if (/\s/.test(word.split('/').at(-1) ?? '')) return false;
  return candidates(word).some(
    (part) => isSecretPath(part) || (globCharacter.test(part) && globNamesSecretFile(part)),
  );
}

function commandName(argv0: string | undefined): string {
  return (argv0 ?? '').split('/').at(-1) ?? '';
}

/**
 * Words of a command the parser could not read, split on whitespace, quotes and shell
 * punctuation. It over-splits on purpose: with no structure to trust, every word is a
 * possible file name.
 */
function conservativeWords(command: string): string[] {
  return command.split(/[\s;|&<>()`"'$]+/).filter((word) => word !== '');
}

/**
 * The first secret file a shell command names as an argument or a redirection target:
 * `cat .env`, `source .env`, `cp ~/.ssh/id_rsa /tmp`, `cat < .env`, `bash -c "cat .env"`.
 * Nested command lines are followed a few levels deep; a command the parser cannot read is
 * split conservatively instead. `hints` are the command's own (text-hints.ts), when the caller
 * has them already.
 */
export function shellSecretFile(command: string, depth = 0, hints = textHints(command)): string | null {
  // A command without quotes, escapes, expansions and globs (`.e"n"v`, `$'\x2eenv'`, `.e*`) has
  // only words that are slices of its text: no hint in the whole text, no hint in a word.
  if ((hints & SHELL_REWRITING) === 0 && !mayNameSecretFile(command, hints)) return null;
  const analysis = analyzeShell(command);
  if (analysis.error !== undefined) return conservativeWords(command).find(namesSecretFile) ?? null;
  for (const redirection of analysis.redirections) {
    if (!notAFile.has(redirection.op) && namesSecretFile(redirection.target)) return redirection.target;
  }
  for (const segment of analysis.segments) {
    const name = commandName(segment.argv[0]);
    if (nameOnly.has(name)) continue;
    for (const word of segment.argv) {
      if (namesSecretFile(word)) return word;
    }
    if (!runsArguments.has(name)) continue;
    for (const word of segment.argv.slice(1)) {
      if (!/\s/.test(word)) continue;
      const nested =
        depth < maxNesting ? shellSecretFile(word, depth + 1) : conservativeWords(word).find(namesSecretFile);
      if (nested) return nested;
    }
  }
  return null;
}
