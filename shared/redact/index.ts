// Display copies (DESIGN §6): what is stored, streamed and shown is redacted and bounded.
export { type DisplayBounds, displayBounds } from './bounds.ts';
export { toDisplayCopy } from './display-copy.ts';
export { redactText } from './redact-text.ts';
