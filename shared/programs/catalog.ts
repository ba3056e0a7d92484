import { ARCHIVE_PROGRAMS } from './archives.ts';
import { BUILTIN_PROGRAMS } from './builtins.ts';
import { BYTE_PROGRAMS } from './bytes.ts';
import { CLOUD_PROGRAMS } from './cloud.ts';
import { DIRECTORY_STACK_PROGRAMS } from './directory-stack.ts';
import { FILE_CHANGE_PROGRAMS } from './file-changes.ts';
import { FILE_PROGRAMS } from './files.ts';
import { GIT } from './git.ts';
import { INTERPRETER_PROGRAMS } from './interpreters.ts';
import { NETWORK_PROGRAMS } from './network.ts';
import { type OptionTable, readOptionTable } from './options.ts';
import { PACKAGE_PROGRAMS } from './packages.ts';
import { SEARCH_PROGRAMS } from './search.ts';
import { SHELL_PROGRAMS } from './shell.ts';
import { SYSTEM_PROGRAMS } from './system.ts';
import { SYSTEM_INFO_PROGRAMS } from './system-info.ts';
import { TEXT_PROGRAMS } from './text.ts';
import type { ProgramEntry } from './types.ts';
import { UNLISTED_READER_PROGRAMS } from './unlisted-readers.ts';
import { WRAPPER_PROGRAMS } from './wrappers.ts';

/**
 * Every program the catalog knows, one entry each, from the family files. A program not here
 * is unknown: every policy treats it as it treats an unsure parse.
 */
export const CATALOG: readonly ProgramEntry[] = [
  ...SHELL_PROGRAMS,
  ...FILE_PROGRAMS,
  ...SEARCH_PROGRAMS,
  ...TEXT_PROGRAMS,
  ...BYTE_PROGRAMS,
  ...SYSTEM_INFO_PROGRAMS,
  GIT,
  ...DIRECTORY_STACK_PROGRAMS,
  ...FILE_CHANGE_PROGRAMS,
  ...NETWORK_PROGRAMS,
  ...INTERPRETER_PROGRAMS,
  ...ARCHIVE_PROGRAMS,
  ...SYSTEM_PROGRAMS,
  ...BUILTIN_PROGRAMS,
  ...UNLISTED_READER_PROGRAMS,
  ...PACKAGE_PROGRAMS,
  ...CLOUD_PROGRAMS,
  // `command` is the shell family's entry (its `-v`/`-V` lookups); as a wrapper (`command rm x`)
  // shared/wrappers reads it with the wrapper entry.
  ...WRAPPER_PROGRAMS.filter((entry) => entry.name !== 'command'),
];

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
