// Grant keys (DESIGN §5): tool name + SHA-256 of the input's RFC 8785 canonical JSON.
export { approvalKey, inputSha256 } from './approval-key.ts';
