export { isReadOnlyCommand, mayBeReadOnly, type ReadOnlyVerdict } from './check.ts';
