import { analyzeShell, type ShellSegment } from '../shell/index.ts';
import { READ_ONLY_COMMANDS, type ReadOnlyCheck } from './commands.ts';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** Plain text for the UI: what made the command read-only or not. */
  reason: string;
}

const GLOB_START = /^[-*?[]/;

/** The list by name, own entries only: looked up for every command, where an own-property check was slower. */
const readOnlyChecks: ReadonlyMap<string, ReadOnlyCheck> = new Map(Object.entries(READ_ONLY_COMMANDS));

const isListed = (name: string): boolean => readOnlyChecks.has(name);

/**
 * Conservative recognition of read-only Bash for the engine's read fast path (DESIGN §5 step 6).
 * Read-only means: it parses; no redirection of any kind (DESIGN: any redirection disqualifies, so
 * `2>&1` does too); no substitution, parameter expansion or background job; no environment
 * assignments; and every simple command is a known read-only command used without the options
 * that make it write or run something. Anything else is "not read-only", with the reason.
 */
export function isReadOnlyCommand(command: string): ReadOnlyVerdict {
  const analysis = analyzeShell(command);
  if (analysis.error !== undefined) return no(`the command could not be parsed: ${analysis.error}`);
  if (analysis.substitution) return no('the command uses command substitution ($(…), backticks or <(…))');
  const redirection = analysis.redirections[0];
  if (redirection !== undefined)
    return no(`the command uses a redirection (${redirection.op} ${redirection.target})`);
  if (analysis.expansion)
    return no('the command uses a variable or other expansion whose value is not known');
  if (analysis.background) return no('the command starts a background job');
  if (analysis.segments.length === 0) return no('the command is empty');
  for (const segment of analysis.segments) {
    const reason = segmentReason(segment);
    if (reason !== undefined) return no(reason);
  }
  const names = [...new Set(analysis.segments.map((segment) => segment.argv[0]))].join(', ');
  return { readOnly: true, reason: `every command is read-only (${names})` };
}

/**
 * False when `command` is certainly not read-only: it fails one of the checks above that need no
 * reason written, or runs a command that is not in the list at all. True means only that
 * `isReadOnlyCommand` has to be asked. The engine asks this first, since most commands it sees
 * are not read-only and their reason is only shown when they are.
 */
export function mayBeReadOnly(command: string): boolean {
  const analysis = analyzeShell(command);
  if (
    analysis.error !== undefined ||
    analysis.substitution ||
    analysis.redirections.length > 0 ||
    analysis.expansion ||
    analysis.background ||
    analysis.segments.length === 0
  )
    return false;
  for (const segment of analysis.segments) {
    const name = segment.argv[0];
    if (name === undefined || segment.assignments.length > 0 || !isListed(name)) return false;
  }
  return true;
}

function segmentReason(segment: ShellSegment): string | undefined {
  // The quoted text only goes into a reason, so it is made only when one is given.
  const shown = (): string => JSON.stringify(segment.text);
  if (segment.assignments.length > 0)
    return `${shown()} sets environment variables, which can change what a command does`;
  const { argv, words } = segment;
  const name = argv[0];
  if (name === undefined) return `${shown()} runs no command`;
  if (words === undefined || words.length !== argv.length)
    return `${shown()} could not be analysed word by word`;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word.dynamic) return `${shown()} has a word whose value is only known when it runs (${word.raw})`;
    // `*.ts` may expand to a file named `--pre=sh.ts`: a glob that could start with "-" is an option injection.
    if (word.glob && (index === 0 || GLOB_START.test(argv[index]!))) {
      return `${shown()} has a pattern that may expand to options (${word.raw})`;
    }
  }
  const check = readOnlyChecks.get(name);
  if (check === undefined) return `${JSON.stringify(name)} is not a known read-only command`;
  return check(argv.slice(1));
}

function no(reason: string): ReadOnlyVerdict {
  return { readOnly: false, reason };
}
