import { CATALOG, optionTable } from './catalog.ts';
import type { ProgramEntry } from './types.ts';

/**
 * The table of docs/engine.md: every program of the catalog (git's subcommands as rows of their
 * own), its grammar and what its options do, made from the same entries the parser reads (a
 * test compares the two).
 */
export function catalogTable(): string {
  const rows = CATALOG.flatMap((entry) => [
    row(entry.name, entry),
    ...(entry.subcommands ?? []).map((sub) => row(`${entry.name} ${sub.name}`, sub)),
  ]);
  return [
    '| Command | Family | Read-only | Short options | Long options | Takes a value | Does | Also |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function row(name: string, entry: ProgramEntry): string {
  const table = optionTable(entry);
  const shorts = [...table.shorts.keys()].map((letter) => `-${letter}`);
  const longs = [...table.longs.keys()].map((long) => `--${long}`);
  const valued = [
    ...[...table.shorts]
      .filter(([, kind]) => kind !== 'flag')
      .map(([letter, kind]) => `-${letter}${mark(kind)}`),
    ...[...table.longs].filter(([, kind]) => kind !== 'flag').map(([long, kind]) => `--${long}${mark(kind)}`),
  ];
  const does = [
    ...(entry.does ?? []).map((effect) => `always ${effect}`),
    ...Object.entries(entry.effects ?? {})
      .filter(([, effects]) => effects.length > 0)
      .map(
        ([key, effects]) =>
          `${key.replace(/=.*$/, '').length === 1 ? '-' : '--'}${key}: ${effects.join(', ')}`,
      ),
  ];
  const grammar = entry.operands;
  const also = [
    ...(entry.counts === true ? ['`-NUM` is a count'] : []),
    ...(entry.clusters === 'none' ? ['short options do not cluster'] : []),
    ...(entry.clusters === 'following' ? ["a cluster's values are the following words"] : []),
    ...(entry.permute === false ? ['options only before the first operand'] : []),
    ...(entry.freeform === true ? ['no argument is an option'] : []),
    ...(entry.endsOptions === undefined
      ? []
      : [`no option after ${entry.endsOptions.map((name) => `-${name}`).join(', ')}`]),
    ...(grammar?.positions?.includes('writes') === true ? [`operands: ${grammar.positions.join(', ')}`] : []),
    ...(grammar?.max === undefined ? [] : [`at most ${grammar.max} operand(s)`]),
    ...(entry.writesAlso === undefined ? [] : [`writes ${entry.writesAlso.join(', ')} beyond its reads`]),
    ...(grammar?.last === undefined ? [] : [`last operand: ${grammar!.last!.role}`]),
    ...(entry.rule === undefined ? [] : [entry.rule.says]),
    ...(entry.note === undefined ? [] : [entry.note]),
  ];
  const cell = (items: readonly string[]): string =>
    items.length === 0 ? '—' : items.map((item) => `\`${item}\``).join(' ');
  const text = (items: readonly string[]): string => items.join('; ').replaceAll('|', '\\|') || '—';
  return `| \`${name}\` | ${entry.family} | ${entry.readOnly ? 'yes' : 'no'} | ${cell(shorts)} | ${cell(longs)} | ${cell(valued)} | ${cell(does).replaceAll('|', '\\|')} | ${text(also)} |`;
}

/** How a value is given: `=v` attached only, `v` attached or next, `a b` two words. */
function mark(kind: string): string {
  return kind === 'attached' ? '[=v]' : kind === 'two' ? ' a b' : ' v';
}
