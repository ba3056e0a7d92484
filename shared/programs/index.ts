export { CATALOG, catalogEntry, optionTable } from './catalog.ts';
export { directoryTarget } from './directory.ts';
export type { OptionTable } from './options.ts';
export { type Argument, parseArguments, parseSegment, programName } from './parse.ts';
export { parseWords, type Reading } from './reading.ts';
export type {
  Effect,
  Family,
  OperandGrammar,
  OperandRole,
  ParsedCommand,
  ParsedOperand,
  ParsedOption,
  ParsedProgram,
  ProgramEntry,
  ReadRule,
  RunsCommand,
  UnsureCommand,
} from './types.ts';
