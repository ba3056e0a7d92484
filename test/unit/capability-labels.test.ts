import { describe, expect, it } from 'vitest';
import type { Capability, Mode, NativePermissions } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import { compilePlan, layerPlans } from '../../shared/plan/index.ts';

// DESIGN §5 "Authority of declarations": an agent calling an unknown tool a read is a loosening.

const call = (tool: string, capability?: Capability) => ({
  toolCallId: 't',
  tool,
  input: { q: 'x' },
  ...(capability === undefined ? {} : { capability }),
});

const behavior = (config: NativePermissions, tool: string, capability?: Capability, mode: Mode = 'default') =>
  decide(compilePlan(config), call(tool, capability), { mode }).behavior;

describe("an agent's capability label on an unknown tool", () => {
  it.each(['default', 'plan'] as const)('is ignored where agents may not loosen (%s mode)', (mode) => {
    expect(behavior({}, 'mcp__docs__search', 'read', mode)).not.toBe('allow');
    expect(behavior({ agents: { modes: ['bypass'] } }, 'mcp__docs__search', 'read', mode)).not.toBe('allow');
  });

  it.each(['default', 'plan'] as const)(
    'applies where the workspace lets agents loosen (%s mode)',
    (mode) => {
      expect(behavior({ agents: { loosen: true } }, 'mcp__docs__search', 'read', mode)).toBe('allow');
    },
  );

  it('applies when an approver granted the session its loosening, not otherwise', () => {
    const workspace = compilePlan({});
    const session = compilePlan({ rules: [{ tool: 'Bash', permission: 'ask', content: 'x' }] });
    const run = (loosen: boolean) =>
      decide(layerPlans(workspace, session, { loosen }), call('mcp__docs__search', 'read'), {
        mode: 'default',
      }).behavior;
    expect(run(false)).toBe('ask');
    expect(run(true)).toBe('allow');
    // No session plan at all: the approver's grant still counts.
    expect(
      decide(layerPlans(workspace, null, { loosen: true }), call('mcp__docs__search', 'read'), {
        mode: 'default',
      }).behavior,
    ).toBe('allow');
  });
});

describe("the workspace's tool table (toolCapabilities)", () => {
  const table: NativePermissions = {
    toolCapabilities: { mcp__docs__search: 'read', mcp__db__query: 'exec' },
  };

  it.each(['default', 'plan'] as const)('declares a tool a read for every agent (%s mode)', (mode) => {
    expect(behavior(table, 'mcp__docs__search', undefined, mode)).toBe('allow');
    expect(behavior(table, 'mcp__docs__search', 'read', mode)).toBe('allow');
  });

  it("outranks an agent's looser label, even where agents may loosen", () => {
    expect(behavior({ ...table, agents: { loosen: true } }, 'mcp__db__query', 'read')).toBe('ask');
  });

  it("yields to an agent's stricter label", () => {
    expect(behavior(table, 'mcp__docs__search', 'write')).toBe('ask');
    expect(behavior(table, 'mcp__docs__search', 'write', 'plan')).toBe('deny');
  });

  it('never makes a built-in tool looser, only stricter', () => {
    expect(behavior({ toolCapabilities: { Bash: 'read' } }, 'Bash', undefined)).toBe('ask');
    expect(behavior({ toolCapabilities: { Read: 'write' } }, 'Read', undefined, 'plan')).toBe('deny');
  });

  it("a session's own table entry is an agent's label: stricter always, looser only with the power", () => {
    const workspace = compilePlan(table);
    const session = compilePlan({ toolCapabilities: { mcp__docs__search: 'net', mcp__new__tool: 'read' } });
    const layered = layerPlans(workspace, session);
    expect(layered.toolCapabilities.get('mcp__docs__search')).toBe('net');
    expect(layered.toolCapabilities.has('mcp__new__tool')).toBe(false);
    const loosened = layerPlans(workspace, session, { loosen: true });
    expect(loosened.toolCapabilities.get('mcp__new__tool')).toBe('read');
  });
});
