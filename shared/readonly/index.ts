export { isReadOnlyCommand, type ReadOnlyVerdict, readOnlySegmentReason } from './check.ts';
export { READ_ONLY_PROGRAMS } from './programs.ts';
export type { CommandSpec } from './spec.ts';
