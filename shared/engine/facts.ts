import type { EngineToolCall } from '../contract/index.ts';
import type { PatchReading } from '../patch/index.ts';
import { type ParsedCommand, parseSegment } from '../programs/index.ts';
import { isReadOnlyCommand } from '../readonly/index.ts';
import { type RiskRating, rateRisk } from '../risk/index.ts';
import { analyzeShell, type ShellAnalysis } from '../shell/index.ts';
import { shieldScan } from '../shield/index.ts';
import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';
import { editedPaths, patchReading } from '../tools/edited-paths.ts';

/**
 * Everything the precedence steps ask about a call, worked out once per evaluation so that no
 * step re-parses the command or re-scans the input.
 */
export interface CallFacts {
  tool: ToolFacts;
  /** The analysis of the call's command (Bash `command`), made once; absent for other tools. */
  shell?: ShellAnalysis;
  /**
   * Each simple command of `shell` read once against the program catalog (shared/programs),
   * parallel to `shell.segments`: what the read-only check, and every other policy over the
   * parsed form, reads. Absent for other tools.
   */
  programs?: readonly ParsedCommand[];
  /** A read: read capability, or Bash recognized as read-only. */
  read: boolean;
  readReason: string;
  /** The file a file tool works on, if any. */
  path?: string;
  /** A patch tool's patch as read once (shared/patch), for the rules, the protected paths and the rater. */
  patch?: PatchReading;
  /** Every file an editing call writes; absent when not known for sure (then: could be any file). */
  edited?: string[];
  secret: { kind: string; where: string } | null;
  rating: RiskRating;
}

/** The facts of one call. */
export function callFacts(call: EngineToolCall): CallFacts {
  const tool = toolFacts(call.tool, call.capability);
  const command = stringField(call.input, tool.commandField);
  const shell = command === undefined ? undefined : analyzeShell(command);
  const programs = shell?.segments.map(parseSegment);
  let read = tool.capability === 'read';
  let readReason = read ? `${call.tool} only reads.` : '';
  if (command !== undefined) {
    const verdict = isReadOnlyCommand(shell!, call.cwd, programs);
    read = verdict.readOnly;
    readReason = verdict.reason;
  }
  const patch = patchReading(call.input, tool);
  const edited = editedPaths(call.input, tool, patch);
  const scan = shieldScan(call, tool, shell, programs);
  const finding = scan.findings[0];
  const secret = finding
    ? { kind: finding.kind, where: finding.path }
    : scan.secretFile
      ? { kind: 'secret_file', where: scan.secretFile }
      : null;
  return {
    tool,
    ...(shell === undefined ? {} : { shell }),
    ...(programs === undefined ? {} : { programs }),
    read,
    readReason,
    ...(tool.pathField === undefined ? {} : { path: stringField(call.input, tool.pathField) }),
    ...(patch === undefined ? {} : { patch }),
    ...(edited === undefined ? {} : { edited }),
    secret,
    rating: rateRisk(call, {
      secrets: secret !== null,
      ...(secret?.kind === 'secret_file' ? { secretFile: secret.where } : {}),
      readOnly: read,
      tool,
      shell,
      programs,
      patch,
    }),
  };
}
