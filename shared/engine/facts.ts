import type { EngineToolCall } from '../contract/index.ts';
import { isReadOnlyCommand } from '../readonly/index.ts';
import { type RiskRating, rateRisk } from '../risk/index.ts';
import { analyzeShell, type ShellAnalysis } from '../shell/index.ts';
import { shieldScan } from '../shield/index.ts';
import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';

/**
 * Everything the precedence steps ask about a call, worked out once per evaluation so that no
 * step re-parses the command or re-scans the input.
 */
export interface CallFacts {
  tool: ToolFacts;
  /** The analysis of the call's command (Bash `command`), made once; absent for other tools. */
  shell?: ShellAnalysis;
  /** A read: read capability, or Bash recognized as read-only. */
  read: boolean;
  readReason: string;
  /** The file a file tool works on, if any. */
  path?: string;
  secret: { kind: string; where: string } | null;
  rating: RiskRating;
}

/** The facts of one call. */
export function callFacts(call: EngineToolCall): CallFacts {
  const tool = toolFacts(call.tool, call.capability);
  const command = stringField(call.input, tool.commandField);
  const shell = command === undefined ? undefined : analyzeShell(command);
  let read = tool.capability === 'read';
  let readReason = read ? `${call.tool} only reads.` : '';
  if (command !== undefined) {
    const verdict = isReadOnlyCommand(shell!, call.cwd);
    read = verdict.readOnly;
    readReason = verdict.reason;
  }
  const scan = shieldScan(call, tool, shell);
  const finding = scan.findings[0];
  const secret = finding
    ? { kind: finding.kind, where: finding.path }
    : scan.secretFile
      ? { kind: 'secret_file', where: scan.secretFile }
      : null;
  return {
    tool,
    ...(shell === undefined ? {} : { shell }),
    read,
    readReason,
    ...(tool.pathField === undefined ? {} : { path: stringField(call.input, tool.pathField) }),
    secret,
    rating: rateRisk(call, { secrets: secret !== null, readOnly: read, tool, shell }),
  };
}
