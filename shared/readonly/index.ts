export { isReadOnlyCommand, type ReadOnlyVerdict } from './check.ts';
