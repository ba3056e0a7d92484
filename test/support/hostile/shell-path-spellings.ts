import type { HostileRow } from './types.ts';

/**
 * One secret file, `.env` in the working directory, spelt every way bash or the file system lets
 * an agent spell it (DESIGN §5: one path normaliser serves path rules, the secret list and
 * protected paths), crossed with every way a Bash command touches a file. Windows and macOS open
 * `.env.`, `.env `, `.ENV`, `.env::$DATA` and an 8.3 name as `.env`; bash passes `'.e'nv`,
 * `.e\nv` and `$'\x2eenv'` as `.env` and expands `.en?` to it. None may be allowed: the file
 * tools' spellings (path-spellings.ts, secret-files.ts) are the floor, and Bash is no weaker.
 */
export const cwd = '/home/dev/proj';

/** A spelling of `.env` as written in a command: one shell word. */
export interface ShellPathSpelling {
  /** What the spelling tries, in a few words. */
  name: string;
  word: string;
  /**
   * The path bash passes for the word (quotes removed, escapes decoded, `~` and `$HOME` as
   * `/home/dev`): what a file tool would be given, and what another language's code would
   * spell. Absent for a glob or brace, which only bash expands.
   */
  passed?: string;
}

export const shellPathSpellings: readonly ShellPathSpelling[] = [
  { name: 'as is', word: '.env', passed: '.env' },
  // What Windows drops from a name.
  { name: 'trailing space, quoted', word: "'.env '", passed: '.env ' },
  { name: 'trailing space, escaped', word: '.env\\ ', passed: '.env ' },
  { name: 'trailing dot', word: '.env.', passed: '.env.' },
  { name: 'trailing dots and spaces', word: "'.env. . .'", passed: '.env. . .' },
  { name: 'NTFS stream ::$DATA, quoted', word: "'.env::$DATA'", passed: '.env::$DATA' },
  { name: 'NTFS stream ::$DATA, escaped', word: '.env::\\$DATA', passed: '.env::$DATA' },
  { name: 'NTFS stream, its name expanded away', word: '.env::$DATA', passed: '.env::' },
  { name: 'named stream', word: '.env:stream', passed: '.env:stream' },
  { name: 'stream, upper case', word: '.ENV:x', passed: '.ENV:x' },
  // What Windows and macOS ignore.
  { name: 'upper case', word: '.ENV', passed: '.ENV' },
  { name: 'mixed case', word: '.Env', passed: '.Env' },
  { name: 'invisible character', word: '.e\u200bnv', passed: '.e\u200bnv' },
  { name: 'byte order mark', word: '\ufeff.env', passed: '\ufeff.env' },
  { name: '8.3 short name', word: 'ENV~1', passed: 'ENV~1' },
  { name: '8.3 short name, lower case', word: 'env~2', passed: 'env~2' },
  { name: '8.3 short name, trailing dot', word: 'ENV~1.', passed: 'ENV~1.' },
  // Path arithmetic.
  { name: 'dot folder', word: './.env', passed: './.env' },
  { name: 'climb back in', word: 'foo/../.env', passed: 'foo/../.env' },
  { name: 'climb out and back', word: '../proj/.env', passed: '../proj/.env' },
  { name: 'doubled slashes', word: './/.env', passed: './/.env' },
  { name: 'dot segments', word: '././.env', passed: '././.env' },
  { name: 'backslashes, quoted', word: "'src\\..\\.env'", passed: 'src\\..\\.env' },
  { name: 'absolute', word: '/home/dev/proj/.env', passed: '/home/dev/proj/.env' },
  { name: 'absolute, doubled slashes', word: '/home/dev//proj//.env', passed: '/home/dev//proj//.env' },
  { name: 'absolute, climbing', word: '/home/dev/proj/src/../.env', passed: '/home/dev/proj/src/../.env' },
  { name: 'absolute, upper case', word: '/home/dev/proj/.ENV.', passed: '/home/dev/proj/.ENV.' },
  { name: 'home', word: '~/proj/.env', passed: '/home/dev/proj/.env' },
  { name: '$HOME', word: '$HOME/proj/.env', passed: '/home/dev/proj/.env' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
  { name: '${HOME}', word: '"${HOME}/proj/.env"', passed: '/home/dev/proj/.env' },
  { name: '$PWD', word: '$PWD/.env', passed: '/home/dev/proj/.env' },
  { name: 'command substitution', word: '"$(pwd)/.env"', passed: '/home/dev/proj/.env' },
  // Quoting bash removes.
  { name: 'single quotes', word: "'.env'", passed: '.env' },
  { name: 'double quotes', word: '".env"', passed: '.env' },
  { name: 'split single quotes', word: "'.e'nv", passed: '.env' },
  { name: 'split double quotes', word: '".e"nv', passed: '.env' },
  { name: 'empty quotes inside', word: ".e''nv", passed: '.env' },
  { name: 'backslash escape', word: '.e\\nv', passed: '.env' },
  { name: 'ANSI-C quoting', word: "$'.env'", passed: '.env' },
  { name: 'ANSI-C hex escape', word: "$'\\x2eenv'", passed: '.env' },
  { name: 'ANSI-C octal escape', word: "$'\\056\\145nv'", passed: '.env' },
  { name: 'locale quoting', word: '$".env"', passed: '.env' },
  // Globs and braces that can expand to it: a program given the pattern opens no such file.
  { name: 'glob ?', word: '.en?' },
  { name: 'glob *', word: '.e*' },
  { name: 'glob class', word: '.[e]nv' },
  { name: 'glob negated class', word: '.[!x]nv' },
  { name: 'glob, absolute', word: '/home/dev/proj/.e?v' },
  { name: 'glob in a folder', word: './*/../.en*' },
  { name: 'glob, trailing dot', word: '.en?.' },
  { name: 'brace', word: '{.env,x}' },
  { name: 'brace inside a name', word: '.e{n,x}v' },
  { name: 'brace with an empty arm', word: '.env{,}' },
];

/** Single quotes around `text` so that bash passes it unchanged as one word. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** A way a Bash command touches a file, given the file's spelling. */
export interface ShellTouch {
  name: string;
  command: (word: string) => string;
  /**
   * The file is named inside another language's code (`python3 -c "open('…')"`), so it gets the
   * path bash would have passed, not the shell spelling; a glob stays as written (the code may
   * hand it to its own glob).
   */
  inCode?: true;
}

export const shellTouches: readonly ShellTouch[] = [
  { name: 'cat', command: (word) => `cat ${word}` },
  { name: 'cat, after --', command: (word) => `cat -- ${word}` },
  { name: 'input redirection', command: (word) => `cat < ${word}` },
  { name: 'input redirection, no command', command: (word) => `< ${word}` },
  { name: 'output redirection', command: (word) => `echo KEY=x > ${word}` },
  { name: 'appending redirection', command: (word) => `echo KEY=x >> ${word}` },
  { name: 'read and write redirection', command: (word) => `exec 3<> ${word}` },
  { name: 'cp source', command: (word) => `cp ${word} /tmp/x` },
  { name: 'mv source', command: (word) => `mv ${word} /tmp/x` },
  { name: 'source', command: (word) => `source ${word}` },
  { name: '. (dot)', command: (word) => `. ${word}` },
  { name: 'as a script to bash', command: (word) => `bash ${word}` },
  { name: 'as a script to python', command: (word) => `python3 ${word}` },
  {
    name: 'opened by python -c',
    command: (path) => `python3 -c ${shellQuote(`print(open(${JSON.stringify(path)}).read())`)}`,
    inCode: true,
  },
  {
    name: 'opened by node -e',
    command: (path) =>
      `node -e ${shellQuote(`console.log(require('fs').readFileSync(${JSON.stringify(path)}, 'utf8'))`)}`,
    inCode: true,
  },
  { name: 'inside bash -c', command: (word) => `bash -c ${shellQuote(`cat ${word}`)}` },
  { name: 'inside sh -c, redirected', command: (word) => `sh -c ${shellQuote(`cat < ${word}`)}` },
  { name: 'xargs', command: (word) => `echo ${word} | xargs cat` },
  { name: 'xargs from printf', command: (word) => `printf '%s\\n' ${word} | xargs -n1 head` },
  { name: 'sudo', command: (word) => `sudo cat ${word}` },
  { name: 'env', command: (word) => `env -i cat ${word}` },
  { name: 'grep', command: (word) => `grep -h KEY ${word}` },
  { name: 'diff', command: (word) => `diff ${word} /dev/null` },
  { name: 'command substitution', command: (word) => `echo "$(cat ${word})"` },
  { name: 'variable', command: (word) => `f=${word}; cat "$f"` },
];

const row = (spelling: ShellPathSpelling, touch: ShellTouch): HostileRow => ({
  name: `${touch.name}: ${spelling.name} (${spelling.word})`,
  tool: 'Bash',
  input: { command: touch.command(touch.inCode ? (spelling.passed ?? spelling.word) : spelling.word) },
  cwd,
  expect: 'not_allow',
});

/** Every spelling by every way, as a whole call: never allowed, in default and plan mode. */
export const shellPathRows: HostileRow[] = shellPathSpellings.flatMap((spelling) =>
  shellTouches.map((touch) => row(spelling, touch)),
);

/** Spellings every way is tried with through the HTTP routes: one per kind of disguise. */
const throughRoutes = new Set([
  'trailing space, quoted',
  'NTFS stream ::$DATA, escaped',
  'split single quotes',
]);

/**
 * The rows the HTTP routes try (test/worker/hostile-routes.test.ts): every spelling read by
 * `cat`, and every way with a few spellings. The whole cross product runs through `decide` in
 * test/unit/shield-shell-spellings.test.ts.
 */
export const hostileRows: HostileRow[] = [
  ...shellPathSpellings.map((spelling) => row(spelling, shellTouches[0]!)),
  ...shellPathSpellings
    .filter((spelling) => throughRoutes.has(spelling.name))
    .flatMap((spelling) => shellTouches.slice(1).map((touch) => row(spelling, touch))),
];
