export {
  isReadOnlyCommand,
  type ReadOnlyVerdict,
  readOnlySegmentReason,
} from '../programs/read-only/check.ts';
