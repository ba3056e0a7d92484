import { CONTAINER_RUN } from '../programs/cloud.ts';
import { type Argument, catalogEntry, type ParsedCommand, parseArguments } from '../programs/index.ts';
import type { Wrapped } from './types.ts';

/**
 * Programs that run a command on another machine, in a container or in a pod, read with their
 * catalog entries (shared/programs/network.ts, cloud.ts): `ssh host rm x` runs the command line
 * `rm x` there (ssh joins its words for the remote shell), and `-o ProxyCommand=…` runs one here;
 * `docker|podman|nerdctl run|create|exec … IMAGE CMD…` and `kubectl|oc exec|run … -- CMD…` run
 * `CMD…` as words. A deny rule on a command (`Bash(rm:*)`) reaches it there as here
 * (shared/rules/bash-unwrap.ts). Words an entry cannot read are `unknown`: callers fail closed.
 */
type Runner = (argv: readonly string[]) => readonly Wrapped[];

const UNKNOWN: readonly Wrapped[] = [{ kind: 'unknown' }];

/** `argv`'s words after the program's name, as the parser reads them (their values as written). */
const argumentsOf = (argv: readonly string[], from = 1): Argument[] =>
  argv.slice(from).map((text, at) => ({ text, glob: false, dynamic: false, index: at + from }));

/** `argv` read with the catalog entry `name`; unsure when there is none. */
function parsed(name: string, argv: readonly string[]): ParsedCommand {
  const entry = catalogEntry(name);
  if (entry === undefined) return { kind: 'unsure', reason: `${name} is not in the program catalog` };
  return parseArguments(entry, name, argumentsOf(argv));
}

/** ssh options whose value is a command line: run here (`ProxyCommand`…) or there (`RemoteCommand`). */
const SSH_COMMAND_OPTION =
  /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*(.*)$/is;

/** ssh and mosh: the remote command line, and the command lines their `-o` options carry. */
function remote(name: string): Runner {
  return (argv) => {
    const read = parsed(name, argv);
    if (read.kind === 'unsure') return UNKNOWN;
    const found: Wrapped[] = [];
    for (const option of read.options) {
      const command = option.name === 'o' ? SSH_COMMAND_OPTION.exec(option.value ?? '') : null;
      if (command === null) continue;
      const at = argv.findIndex((word, index) => index > 0 && word.endsWith(option.value!));
      found.push({ kind: 'script', script: command[1]!, offset: at, end: at + 1 });
    }
    const { wrapped } = read;
    if (wrapped !== undefined && wrapped.argv.length > 0)
      found.push({
        kind: 'script',
        script: wrapped.argv.join(' '),
        offset: wrapped.offset,
        end: argv.length,
      });
    return found;
  };
}

/** Command groups before a container verb: `docker container exec`, `podman compose run`. */
const CONTAINER_GROUPS = new Set(['container', 'compose']);
const CONTAINER_VERBS = new Set(['run', 'create', 'exec']);

/** docker and compatibles: the command `run`, `create` or `exec` runs in the container. */
function container(name: string): Runner {
  return (argv) => {
    const read = parsed(name, argv);
    if (read.kind === 'unsure') return UNKNOWN;
    const [first, second] = read.operands;
    const verb = first !== undefined && CONTAINER_GROUPS.has(first.text) ? second : first;
    if (verb === undefined || !CONTAINER_VERBS.has(verb.text)) return [];
    const inside = parseArguments(CONTAINER_RUN, `${name} ${verb.text}`, argumentsOf(argv, verb.index + 1));
    if (inside.kind === 'unsure') return UNKNOWN;
    const { wrapped } = inside;
    return wrapped === undefined ? [] : [{ kind: 'argv', argv: wrapped.argv, offset: wrapped.offset }];
  };
}

/** kubectl and oc: `exec POD -- CMD…` and `run NAME … -- CMD…` run `CMD…` in a pod. */
function pod(name: string): Runner {
  return (argv) => {
    const read = parsed(name, argv);
    if (read.kind === 'unsure') return UNKNOWN;
    const [verb, , command] = read.operands;
    if (verb === undefined || (verb.text !== 'exec' && verb.text !== 'run') || command === undefined)
      return [];
    // The words from the command on: all operands, as after `--` (kubectl's older spelling has none).
    return [{ kind: 'argv', argv: argv.slice(command.index), offset: command.index }];
  };
}

export const elsewhereRunners: ReadonlyMap<string, Runner> = new Map([
  ['ssh', remote('ssh')],
  ['mosh', remote('mosh')],
  ...['docker', 'podman', 'nerdctl'].map((name): [string, Runner] => [name, container(name)]),
  ...['kubectl', 'oc'].map((name): [string, Runner] => [name, pod(name)]),
]);
