// The approvers' inbox: which sessions wait on a human, in which order.
export { applyInboxMessage } from './apply.ts';
export { byUrgency, isPending } from './order.ts';
export { sayOnce } from './say-once.ts';
