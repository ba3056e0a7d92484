import type { EngineToolCall } from '../contract/index.ts';
import { isReadOnlyCommand } from '../readonly/index.ts';
import { type RiskRating, rateRisk } from '../risk/index.ts';
import { shieldScan } from '../shield/index.ts';
import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';

/**
 * Everything the precedence steps ask about a call, worked out once per evaluation so that no
 * step re-parses the command or re-scans the input.
 */
export interface CallFacts {
  tool: ToolFacts;
  /** A read: read capability, or Bash recognized as read-only. */
  read: boolean;
  readReason: string;
  /** The file a file tool works on, if any. */
  path?: string;
  secret: { kind: string; where: string } | null;
  rating: RiskRating;
}

export function callFacts(call: EngineToolCall): CallFacts {
  const tool = toolFacts(call.tool, call.capability);
  const command = stringField(call.input, tool.commandField);
  let read = tool.capability === 'read';
  let readReason = read ? `${call.tool} only reads.` : '';
  if (command !== undefined) {
    const verdict = isReadOnlyCommand(command);
    read = verdict.readOnly;
    readReason = verdict.reason;
  }
  const scan = shieldScan(call);
  const finding = scan.findings[0];
  const secret = finding
    ? { kind: finding.kind, where: finding.path }
    : scan.secretFile
      ? { kind: 'secret_file', where: scan.secretFile }
      : null;
  const rating = rateRisk(call, { secrets: secret !== null, readOnly: read });
  return { tool, read, readReason, path: stringField(call.input, tool.pathField), secret, rating };
}
