import { GIT_GLOBAL_OPTIONS, GIT_SUBCOMMANDS } from './git.ts';
import { READ_ONLY_PROGRAMS } from './programs.ts';
import { type CommandSpec, optionTable } from './spec.ts';

/**
 * The table of docs/engine.md: every read-only program and git subcommand with the options it
 * may carry, made from the same data the check reads (a test compares the two).
 */
export function readOnlyTable(): string {
  const rows = [
    ...READ_ONLY_PROGRAMS.map((spec) => row(spec.name, spec)),
    `| \`git\` (before the subcommand) | — | ${GIT_GLOBAL_OPTIONS.map((option) => `\`${option}\``).join(' ')} | — | — |`,
    ...GIT_SUBCOMMANDS.map((spec) => row(`git ${spec.name}`, spec)),
  ];
  return [
    '| Command | Short options | Long options | Takes a value | Also |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function row(name: string, spec: CommandSpec): string {
  const table = optionTable(spec);
  const shorts = [...table.shorts.keys()].map((letter) => `-${letter}`);
  const longs = [...table.longs.keys()].map((long) => `--${long}`);
  const valued = [
    ...[...table.shorts]
      .filter(([, kind]) => kind !== 'flag')
      .map(([letter, kind]) => `-${letter}${mark(kind)}`),
    ...[...table.longs].filter(([, kind]) => kind !== 'flag').map(([long, kind]) => `--${long}${mark(kind)}`),
  ];
  const also = [
    ...(spec.counts === true ? ['`-NUM` is a count'] : []),
    ...(spec.noClusters === true ? ['short options do not cluster'] : []),
    ...(spec.freeform === true ? ['no argument is an option'] : []),
    ...(spec.operands === undefined ? [] : [spec.operands.says]),
  ];
  const cell = (items: readonly string[]): string =>
    items.length === 0 ? '—' : items.map((item) => `\`${item}\``).join(' ');
  return `| \`${name}\` | ${cell(shorts)} | ${cell(longs)} | ${cell(valued)} | ${also.join('; ').replaceAll('|', '\\|') || '—'} |`;
}

/** How a value is given: `=v` attached only, `v` attached or next, `a b` two words. */
function mark(kind: string): string {
  return kind === 'attached' ? '[=v]' : kind === 'two' ? ' a b' : ' v';
}
