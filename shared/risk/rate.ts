import type { EngineToolCall } from '../contract/index.ts';
import type { PatchReading } from '../patch/index.ts';
import type { ParsedCommand } from '../programs/index.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';
import { RatingBuilder, type RiskRating } from './rating.ts';
import { changesSecretFile } from './secret-files.ts';
import { rateShellCommand } from './shell.ts';
import { rateTool } from './tools.ts';

/** What the engine already knows about the call. */
export interface RiskFacts {
  /** The shield found a credential in the input or a secret file being read. */
  secrets?: boolean;
  /** The only secret is the file itself (an edit of `.env`), not anything the call carries. */
  secretFile?: string;
  /**
   * The engine recognized the call as a read (read-only Bash included). It only spares an
   * unknown program its "unknown" medium; it never lowers a danger the rater found.
   */
  readOnly?: boolean;
  /** `toolFacts(call.tool, call.capability)`, when the caller has worked them out already. */
  tool?: ToolFacts;
  /** The shell analysis of the call's command, when the caller has made it: the command is parsed once. */
  shell?: ShellAnalysis;
  /** The catalog's parse of each of `shell`'s segments (CallFacts.programs), made with it. */
  programs?: readonly ParsedCommand[] | undefined;
  /** A patch tool's patch as the caller read it (shared/patch). */
  patch?: PatchReading | undefined;
}

/**
 * The engine's deterministic risk rating of a call (DESIGN §5 "Risk"): read → safe, workspace
 * edit → low, unknown exec or network → medium, push/publish/writes outside the workspace/sudo
 * → high, machine-wrecking or code-from-the-internet → critical. Pure, synchronous, bounded.
 */
export function rateRisk(call: EngineToolCall, facts: RiskFacts = {}): RiskRating {
  const rating = new RatingBuilder();
  const tool = facts.tool ?? toolFacts(call.tool, call.capability);
  if (tool.commandField !== undefined) {
    const command = stringField(call.input, tool.commandField);
    if (command === undefined) rating.raise('medium', 'A shell call that carries no command.');
    else rateShellCommand(command, call.cwd, facts.readOnly === true, rating, facts.shell, facts.programs);
    // A declared capability can only make a known tool stricter (catalog.ts).
    if (tool.capability === 'net') rating.raise('medium', 'Reaches the network.', 'network');
  } else {
    rateTool(call, tool, rating, facts.patch);
  }
  if (facts.secrets) {
    // A secret read (or carried by a command) reaches the agent; one written into an edit is already its own.
    if (tool.edits)
      rating.raise(
        'medium',
        facts.secretFile === undefined ? 'Writes a secret into a file.' : changesSecretFile(facts.secretFile),
        'secret_exposure',
      );
    else rating.raise('high', 'Reads or carries a secret: the agent sees it.', 'secret_exposure');
    if (tool.capability === 'net' || rating.has('network') || rating.has('external_system')) {
      rating.raise('high', 'Could send a secret over the network.', 'exfiltration');
    }
  }
  return rating.finish();
}
