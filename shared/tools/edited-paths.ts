import { type PatchReading, parsePatch, patchPaths } from '../patch/index.ts';
import { stringField, type ToolFacts } from './catalog.ts';

/** The reading of a patch tool's patch (shared/patch), or undefined for other tools and a missing patch. */
export function patchReading(input: Record<string, unknown>, tool: ToolFacts): PatchReading | undefined {
  const patch = tool.patchField === undefined ? undefined : stringField(input, tool.patchField);
  return patch === undefined ? undefined : parsePatch(patch);
}

/**
 * Every file an editing call writes, as the call names them: a file tool's one path, or each file
 * (and move target) of a patch. Undefined when that cannot be known for sure — no path, or a patch
 * that does not read cleanly — so every caller must treat undefined as "could be any file".
 * `reading` is the patch's reading when the caller has made it already.
 */
export function editedPaths(
  input: Record<string, unknown>,
  tool: ToolFacts,
  reading: PatchReading | undefined = patchReading(input, tool),
): string[] | undefined {
  if (!tool.edits) return undefined;
  if (tool.patchField !== undefined) return reading === undefined ? undefined : patchPaths(reading);
  const path = stringField(input, tool.pathField);
  return path === undefined || path === '' ? undefined : [path];
}
