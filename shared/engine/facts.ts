import type { EngineToolCall } from '../contract/index.ts';
import { isReadOnlyCommand } from '../readonly/index.ts';
import { type RiskRating, rateRisk } from '../risk/index.ts';
import { analyzeShell } from '../shell/index.ts';
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

/**
 * The facts of one call. Why a command is not read-only is put into words only when asked for:
 * the read fast path shows the reason of a read, and most commands are not reads.
 */
class Facts implements CallFacts {
  readonly tool: ToolFacts;
  readonly read: boolean;
  #readReason: string | undefined;
  readonly #command: string | undefined;
  readonly path?: string;
  readonly secret: { kind: string; where: string } | null;
  readonly rating: RiskRating;

  constructor(call: EngineToolCall) {
    const tool = toolFacts(call.tool, call.capability);
    const command = stringField(call.input, tool.commandField);
    let read = tool.capability === 'read';
    if (command === undefined) this.#readReason = read ? `${call.tool} only reads.` : '';
    else {
      const verdict = isReadOnlyCommand(analyzeShell(command), call.cwd);
      read = verdict.readOnly;
      this.#readReason = verdict.reason;
    }
    this.#command = command;
    const scan = shieldScan(call, tool);
    const finding = scan.findings[0];
    const secret = finding
      ? { kind: finding.kind, where: finding.path }
      : scan.secretFile
        ? { kind: 'secret_file', where: scan.secretFile }
        : null;
    this.tool = tool;
    this.read = read;
    this.path = stringField(call.input, tool.pathField);
    this.secret = secret;
    this.rating = rateRisk(call, { secrets: secret !== null, readOnly: read, tool });
  }

  get readReason(): string {
    this.#readReason ??= isReadOnlyCommand(analyzeShell(this.#command!), undefined).reason;
    return this.#readReason;
  }
}

export function callFacts(call: EngineToolCall): CallFacts {
  return new Facts(call);
}
