import { protectedPath } from '../paths/protected.ts';
import { compileCommandPattern } from '../rules/bash-pattern.ts';
import { fileToolsFor } from '../rules/file-tools.ts';
import { parseRule } from '../rules/parse.ts';
import { parsePathPattern } from '../rules/path-pattern.ts';
import { splitOnStars } from '../rules/star-glob.ts';
import { mcpServerOf } from '../rules/tool-name.ts';
import { RuleError } from '../rules/types.ts';
import { programName, runsOtherCommands } from '../wrappers/index.ts';
import { codeRunners, namedRunners } from './never.ts';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const PATH_WILDCARD = /[*?[]/;

/**
 * Why a rule may not be saved as a grant whatever call it came from, or undefined when it may:
 * it must compile, name more than a tool (an MCP tool excepted: `mcp__server__tool` is one
 * tool), and never cover a shell, an interpreter, a wrapper, every use of a program, every file,
 * or a protected path. Checked when a rule is proposed and again when a stored grant is compiled.
 */
export function ruleRefusal(text: string): string | undefined {
  let tool: string;
  let specifier: string | undefined;
  try {
    ({ tool, specifier } = parseRule(text));
  } catch (error) {
    return error instanceof RuleError ? error.reason : 'the rule does not compile';
  }
  if (specifier === undefined) {
    const oneMcpTool = tool.startsWith('mcp__') && mcpServerOf(tool) === undefined && !tool.endsWith('*');
    return oneMcpTool ? undefined : `a rule for every call of ${tool} is too wide`;
  }
  try {
    if (tool === 'Bash') return bashRefusal(text, specifier);
    if (tool === 'WebFetch') return webFetchRefusal(specifier);
    if (fileToolsFor(tool, false) !== undefined) return pathRefusal(text, specifier);
  } catch (error) {
    return error instanceof RuleError ? error.reason : 'the rule does not compile';
  }
  if (splitOnStars(specifier).join('').trim() === '') return `a rule for every call of ${tool} is too wide`;
  return undefined;
}

function bashRefusal(text: string, specifier: string): string | undefined {
  const pattern = compileCommandPattern(text, specifier);
  const literal = pattern.literalPrefix;
  if (literal === '') return 'a command rule must begin with the command, not a wildcard';
  const first = literal.split(' ')[0]!;
  if (ASSIGNMENT.test(first)) return 'a command rule may not begin with a variable assignment';
  // `$PM install x`, `n?m`: the program that runs is known only at run time.
  if (/[$`{}?[\]~'"\\]/.test(first)) return 'a command rule must spell out the program it runs';
  const program = programName(first);
  const why = codeRunner(program);
  if (why !== undefined) return `a rule for ${program} allows any code: ${why}`;
  const wildcard = specifier.replace(/\s+/g, ' ').trim().endsWith(':*') || splitOnStars(specifier).length > 1;
  if (!wildcard) return undefined;
  const [, second, third] = pattern.leadingWords;
  if (second === undefined || second.startsWith('-')) {
    return `a rule for every use of ${program} is too wide: name its subcommand`;
  }
  if (namedRunners[program]?.includes(second) && third === undefined) {
    return `${program} ${second} runs what follows it: name that too`;
  }
  return undefined;
}

/** The reason a program may not be named by a saved rule, or undefined. */
export function codeRunner(program: string): string | undefined {
  const unversioned = program.replace(/[0-9][0-9.]*$/, '');
  const why = codeRunners[program] ?? codeRunners[unversioned];
  if (why !== undefined && (Object.hasOwn(codeRunners, program) || Object.hasOwn(codeRunners, unversioned)))
    return why;
  // git runs other commands only through its global options, which an allow rule never reads past.
  if (program !== 'git' && runsOtherCommands(program)) return 'it runs the command it is given';
  return undefined;
}

function webFetchRefusal(specifier: string): string | undefined {
  const domain = specifier.slice('domain:'.length).trim().replace(/^\*\./, '');
  if (!domain.includes('.') && !domain.startsWith('[')) return `${domain} is a top-level name, not a site`;
  return undefined;
}

function pathRefusal(text: string, specifier: string): string | undefined {
  const { anchor, staticBase } = parsePathPattern(text, specifier);
  const body = specifier.replace(/^(?:\/\/|~\/|\.\/|\/)/, '');
  const reached = protectedPath(body, undefined, undefined);
  if (reached !== undefined) return `the rule reaches a protected path (${reached.why})`;
  if (!PATH_WILDCARD.test(specifier)) return undefined;
  const depth = staticBase === '' ? 0 : staticBase.split('/').length;
  const needed = anchor === 'root' ? 2 : 1;
  if (depth < needed) return 'a path rule must name a directory, not cover files anywhere';
  return undefined;
}
