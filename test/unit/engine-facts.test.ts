import { describe, expect, it } from 'vitest';
import { callFacts, decide } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

describe('call facts', () => {
  it("hold the analysis of a Bash call's command, made from its command field", () => {
    const command = 'git status && echo "$(id)" > out';
    const facts = callFacts({ toolCallId: 'f1', tool: 'Bash', input: { command }, cwd: '/repo' });
    expect(facts.shell).toEqual(analyzeShell(command));
    expect(facts.shell?.segments.map((segment) => segment.argv[0])).toEqual(['git', 'id', 'echo']);
  });

  it('hold no analysis for a tool without a command, or a command that is no string', () => {
    expect(callFacts({ toolCallId: 'f2', tool: 'Read', input: { file_path: 'a' } }).shell).toBeUndefined();
    expect(callFacts({ toolCallId: 'f3', tool: 'Bash', input: { command: 42 } }).shell).toBeUndefined();
  });
});

describe('decisions by a rule', () => {
  it('are made afresh for each call: changing one changes no other', () => {
    const plan = compilePlan({ permissions: { deny: ['Bash(rm:*)'] } });
    const call = { toolCallId: 'r1', tool: 'Bash', input: { command: 'rm -rf x' }, cwd: '/repo' };
    const first = decide(plan, call, { mode: 'default' });
    expect(first).toMatchObject({ behavior: 'deny', matchedRule: 'Bash(rm:*)' });
    first.reason = 'changed';
    const second = decide(plan, { ...call, toolCallId: 'r2' }, { mode: 'default' });
    expect(second.reason).toBe('Denied by the rule Bash(rm:*).');
    expect(second.toolCallId).toBe('r2');
  });

  it('carry no matchedRule key when no rule decided', () => {
    const plan = compilePlan({});
    const decision = decide(
      plan,
      { toolCallId: 'r3', tool: 'Bash', input: { command: 'make' } },
      { mode: 'default' },
    );
    expect(Object.keys(decision)).not.toContain('matchedRule');
  });
});
