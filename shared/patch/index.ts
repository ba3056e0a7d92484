// Codex CLI's apply_patch format, read for the files a patch touches.
export { type PatchAction, type PatchFile, type PatchReading, parsePatch, patchPaths } from './parse.ts';
