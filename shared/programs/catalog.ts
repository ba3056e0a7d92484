import { type OptionTable, readOptionTable } from './options.ts';
import type { ProgramEntry } from './types.ts';

/**
 * Every program the catalog knows, one entry each, from the family files. A program not here
 * is unknown: every policy treats it as it treats an unsure parse.
 */
export const CATALOG: readonly ProgramEntry[] = [];

const BY_NAME: ReadonlyMap<string, ProgramEntry> = new Map(CATALOG.map((entry) => [entry.name, entry]));

/** Each entry's options read once, when the catalog loads (subcommands included). */
const TABLES: ReadonlyMap<ProgramEntry, OptionTable> = new Map(
  CATALOG.flatMap((entry) => [entry, ...(entry.subcommands ?? [])]).map((entry) => [
    entry,
    readOptionTable(entry),
  ]),
);

/** The entry of a program by its listed name; own entries only. */
export function catalogEntry(name: string): ProgramEntry | undefined {
  return BY_NAME.get(name);
}

/** The option table of an entry (read now when the entry is not in the catalog, as in a test). */
export function optionTable(entry: ProgramEntry): OptionTable {
  return TABLES.get(entry) ?? readOptionTable(entry);
}
