import { type ProtectedPath, protectedPath } from '../paths/protected.ts';
import { optionTable, type ParsedCommand, parseSegment, parseWords, programName } from '../programs/index.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import type { CallFacts } from './facts.ts';

/**
 * Protected names a word may be without a `.`, `/`, `\` or `~` (every other row of the list
 * holds one of those): a word with none of them and not one of these is passed over unparsed, as
 * most words of a command are (`npm`, `run`, `build`).
 */
const BARE_NAMES =
  /^(?:config|head|packed-refs|commondir|gitdir|orig_head|fetch_head|jenkinsfile)[. ]*(?::.*)?$/i;
const mayBeProtected = (word: string) => /[./\\~]/.test(word) || BARE_NAMES.test(word);

/** A redirection that duplicates a descriptor (`2>&1`, `>&-`) writes no file. */
const duplicates = (op: string, target: string) => op.endsWith('>&') && /^(?:[0-9]+|-)$/.test(target);

/** The first protected file among `words` (each word, and the value after a `=` in it). */
function firstProtected(
  words: readonly string[],
  cwd: string | undefined,
  home: string | undefined,
): ProtectedPath | undefined {
  for (const word of words) {
    const value = word.includes('=') ? word.slice(word.indexOf('=') + 1) : word;
    for (const candidate of value === word ? [word] : [word, value]) {
      if (candidate === '' || candidate.startsWith('-') || !mayBeProtected(candidate)) continue;
      const reached = protectedPath(candidate, cwd, home);
      if (reached !== undefined) return reached;
    }
  }
  return undefined;
}

/** Commands nested in wrappers are followed this deep (`sudo env tee x`); deeper is read word by word. */
const MAX_WRAPPED = 4;

/**
 * The words a parsed command writes, as its catalog entry says: operands whose role is `writes`
 * (`tee F`, cp's destination), values of options that write (`-o F`, `--output=F`), and with an
 * option that writes but takes no value (`sed -i`, `perl -i`), the files it reads. A command it
 * runs (`sudo tee F`) is read the same way. Undefined when the entry cannot say: an unsure parse,
 * a program that runs code it is given (a shell, an interpreter) or whose words are not options
 * (`dd of=F`) — then every word counts (fail closed).
 */
function writtenWords(parsed: ParsedCommand, depth: number): string[] | undefined {
  if (parsed.kind === 'unsure' || parsed.entry.freeform === true) return undefined;
  if (parsed.entry.does?.includes('runs') === true && parsed.wrapped === undefined) return undefined;
  const written: string[] = [];
  // `sed -i`, `sed -i.bak`, `perl -i`: a writing option with no value, or only a suffix attached.
  const table = optionTable(parsed.entry);
  const inPlace = parsed.options.some(
    (option) =>
      option.effects.includes('writes') &&
      (option.value === undefined ||
        (table.shorts.get(option.name) ?? table.longs.get(option.name)) === 'attached'),
  );
  for (const operand of parsed.operands)
    if (operand.role === 'writes' || (inPlace && operand.role === 'reads')) written.push(operand.text);
  for (const option of parsed.options)
    if (option.effects.includes('writes') && option.value !== undefined) written.push(option.value);
  const also = parsed.entry.writesAlso;
  if (also !== undefined && (!parsed.entry.readOnly || parsed.entry.rule?.check(parsed) !== undefined))
    written.push(...also);
  if (parsed.subcommand !== undefined) {
    const inner = writtenWords(parsed.subcommand, depth);
    if (inner === undefined) return undefined;
    written.push(...inner);
  }
  if (parsed.wrapped !== undefined) {
    const [program, ...args] = parsed.wrapped.argv;
    const name = program === undefined ? undefined : programName(program);
    if (name === undefined || depth >= MAX_WRAPPED) return undefined;
    const inner = writtenWords(parseWords(name, args), depth + 1);
    if (inner === undefined) return undefined;
    written.push(...inner);
  }
  return written;
}

/**
 * The protected file a command may write (DESIGN §5 protected paths): a redirection that writes
 * (`>`, `>>`, `>|`, `&>`, `<>`, `>&file`) to one, or a word the catalog says the command writes
 * (`tee .mcp.json`, `cp x ~/.gitconfig`, `sed -i … .husky/pre-commit`, `--output=.git/config`).
 * A word merely mentioned (`git reset HEAD~1`, `git checkout HEAD`, `cat .mcp.json`) is no write.
 * Where the catalog cannot say (an unknown program, unread options, a shell or interpreter, `dd`),
 * every word of the command counts (fail closed).
 */
function protectedInCommand(
  shell: ShellAnalysis,
  programs: readonly ParsedCommand[] | undefined,
  cwd: string | undefined,
  home: string | undefined,
) {
  for (const { op, target } of shell.redirections) {
    if (!op.includes('>') || duplicates(op, target)) continue;
    const reached = protectedPath(target, cwd, home);
    if (reached !== undefined) return reached;
  }
  for (const [index, segment] of shell.segments.entries()) {
    const parsed = programs?.[index] ?? parseSegment(segment);
    const words = writtenWords(parsed, 0) ?? segment.argv.slice(1);
    const reached = firstProtected(words, cwd, home);
    if (reached !== undefined) return reached;
  }
  return undefined;
}

/**
 * The protected file an edit reaches, if any. A patch reaches every file it names; one whose files
 * cannot be read for sure could reach any, so it is treated as reaching a protected one. A Bash
 * command that is not a read is looked at as `protectedInCommand` says.
 */
export function protectedWriteOf(
  facts: CallFacts,
  cwd: string | undefined,
  home: string | undefined,
): ProtectedPath | undefined {
  if (facts.shell !== undefined)
    return facts.read ? undefined : protectedInCommand(facts.shell, facts.programs, cwd, home);
  if (!facts.tool.edits) return undefined;
  if (facts.tool.patchField === undefined) return protectedPath(facts.path, cwd, home);
  if (facts.edited === undefined) {
    const why = facts.patch?.ok === false ? facts.patch.reason : 'the call carries no patch';
    return { path: 'the patch', why: `its files cannot be known for sure (${why})` };
  }
  for (const path of facts.edited) {
    const reached = protectedPath(path, cwd, home);
    if (reached !== undefined) return reached;
  }
  return undefined;
}
