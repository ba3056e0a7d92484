import { unavailableText } from '../../../shared/answers/index.ts';
import type { GatehouseClient } from '../../sdk/index.ts';
import { titleFromCwd } from '../agent-session.ts';
import { askRelay, type RelayVerdict } from '../relay-verdict.ts';
import {
  type CopilotEvent,
  CopilotHookInput,
  eventOf,
  modifiedArgsOf,
  relayCallOf,
  sessionIdOf,
  toolCallIdOf,
} from './input.ts';
import { allowedWrite, defaultWritesDir, isWrite, noteWrite } from './writes.ts';

/**
 * `--on-error` for Copilot: `deny` (the default) or `ask`, which preToolUse says as Copilot's own
 * prompt (in `copilot -p` that is a denial too) and permissionRequest as silence (its dialog).
 */
export type CopilotOnError = 'deny' | 'ask';

export interface CopilotHookOptions {
  onError: CopilotOnError;
  /** How long a question is held for a human before it is withdrawn and the call denied. */
  waitSeconds: number;
  /** The hook's own deadline, below Copilot's `timeoutSec`: past it the hook answers deny itself. */
  deadlineSeconds: number;
  /** Where preToolUse leaves permissionRequest the pointer to an allowed write (writes.ts). */
  writesDir?: string;
  /** The MCP server names in Copilot's config, to read preToolUse's `<server>-<tool>` (mcp-names.ts). */
  mcpServers?: readonly string[];
}

export interface CopilotHookIo {
  stdin: string;
  write(text: string): void;
  warn(text: string): void;
}

/** Copilot's answer for each event: preToolUse `permissionDecision`, permissionRequest `behavior`. */
const answers = {
  preToolUse: {
    allow: (modifiedArgs?: Record<string, unknown>) => ({
      permissionDecision: 'allow',
      ...(modifiedArgs === undefined ? {} : { modifiedArgs }),
    }),
    deny: (reason: string) => ({ permissionDecision: 'deny', permissionDecisionReason: reason }),
    ask: (reason: string) => ({ permissionDecision: 'ask', permissionDecisionReason: reason }),
  },
  permissionRequest: {
    allow: () => ({ behavior: 'allow' }),
    deny: (message: string) => ({ behavior: 'deny', message }),
    ask: () => undefined,
  },
} as const;

/**
 * `gatehouse hook --agent copilot`: one Copilot hook event on stdin → the relay → Copilot's
 * answer on stdout, exit 0. Copilot runs a call whose hook fails or times out, so this hook never
 * fails that way: anything short of the relay's allow is an explicit deny with the reason the
 * model reads, and the hook answers by itself before its own deadline (below Copilot's
 * `timeoutSec`). `--on-error ask` turns only the hook's own failures into Copilot's ask.
 */
export async function runCopilotHook(
  client: GatehouseClient | null,
  options: CopilotHookOptions,
  io: CopilotHookIo,
): Promise<number> {
  let event: CopilotEvent = 'preToolUse';
  const say = (answer: object | undefined) => {
    if (answer !== undefined) io.write(`${JSON.stringify(answer)}\n`);
  };
  const failed = (reason: string, text = unavailableText(reason)) => {
    io.warn(`gatehouse hook: ${reason}; answering ${options.onError}`);
    say(options.onError === 'ask' ? answers[event].ask(text) : answers[event].deny(text));
  };
  const deadline = AbortSignal.timeout(options.deadlineSeconds * 1000);
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(io.stdin);
    } catch {
      failed('the hook input is not JSON');
      return 0;
    }
    if ((raw as { hookName?: unknown } | null)?.hookName === 'permissionRequest') event = 'permissionRequest';
    const parsed = CopilotHookInput.safeParse(raw);
    if (!parsed.success) {
      failed(
        `not a Copilot hook input (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`,
      );
      return 0;
    }
    const input = parsed.data;
    event = eventOf(input);
    const call = relayCallOf(input, options.mcpServers);
    const writesDir = options.writesDir ?? defaultWritesDir;
    if (event === 'permissionRequest' && isWrite(call.tool) && client) {
      if (await allowedWrite(writesDir, client, input, call).catch(() => false)) {
        say(answers.permissionRequest.allow());
        return 0;
      }
    }
    const verdict: RelayVerdict = await askRelay(
      client,
      {
        sessionId: sessionIdOf(input),
        toolCallId: toolCallIdOf(input, call),
        tool: call.tool,
        input: call.input,
        ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
      },
      {
        declaration: { agent: 'Copilot CLI', ...titleFromCwd(input.cwd) },
        waitSeconds: options.waitSeconds,
        signal: deadline,
      },
    );
    if (verdict.kind === 'failed') {
      failed(verdict.reason, verdict.text);
      return 0;
    }
    if (verdict.kind !== 'allow') {
      say(answers[event].deny(verdict.text));
      return 0;
    }
    if (event === 'permissionRequest') {
      say(answers.permissionRequest.allow());
      return 0;
    }
    if (verdict.updatedInput !== undefined) {
      const modified = modifiedArgsOf(input, verdict.updatedInput);
      // An edit Copilot's arguments cannot carry is not run as the agent proposed it.
      say(
        modified === undefined
          ? answers.preToolUse.deny(
              'The user approved an edited version of this call, which Gatehouse cannot hand to Copilot for this tool. Ask the user.',
            )
          : answers.preToolUse.allow(modified),
      );
      return 0;
    }
    if (isWrite(call.tool))
      await noteWrite(writesDir, input, call).catch((error: unknown) =>
        io.warn(`gatehouse hook: write not noted (${error instanceof Error ? error.message : error})`),
      );
    say(answers.preToolUse.allow());
  } catch (error) {
    failed(error instanceof Error ? error.message : String(error));
  }
  return 0;
}
