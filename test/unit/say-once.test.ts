import { describe, expect, it } from 'vitest';
import type { ToolPermissionDecision } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import { sayOnce } from '../../shared/inbox/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';

// The reason said once and right (docs/approver-ui.md "Why it was asked"): what the relay
// stores and serves for a question, made by the engine and `sayOnce`.

const plan = compilePlan(null);
const decision = (tool: string, input: Record<string, unknown>) =>
  sayOnce(decide(plan, { toolCallId: 't', tool, input, cwd: '/home/u/app' }, { mode: 'default' }));

describe('the reason, once', () => {
  it('a force-push: the reason names the top finding, which is not listed again', () => {
    const d = decision('Bash', { command: 'git push --force origin main' });
    expect(d.reason).toContain('Force-pushes to the main branch');
    const notes = (d.findings ?? []).map((f) => f.note);
    expect(notes.some((note) => d.reason.includes(note.replace(/\.$/, '')))).toBe(false);
    expect(notes).toContain('Pushes to a remote repository.');
  });

  it.each([
    ['Edit', { file_path: '/home/u/app/.env', old_string: 'DEBUG=0', new_string: 'DEBUG=1' }],
    ['Write', { file_path: '/home/u/app/.env', content: 'DEBUG=1\n' }],
    ['MultiEdit', { file_path: '.env', edits: [{ old_string: 'DEBUG=0', new_string: 'DEBUG=1' }] }],
  ])(
    '%s of .env changing DEBUG: "Changes .env, a file that may hold secrets", nothing about reading or writing a secret',
    (tool, input) => {
      const d = decision(tool, input);
      expect(d.reason).toBe('Changes .env, a file that may hold secrets.');
      const text = JSON.stringify(d);
      expect(text).not.toMatch(/reads a file|Writes a secret/i);
      expect(d.risk).toBe('medium');
    },
  );

  it('reading .env is still said as a read, and an edit that writes a real secret still says so', () => {
    expect(decision('Read', { file_path: '/home/u/app/.env' }).reason).toBe(
      'The call reads a file that holds secrets (/home/u/app/.env).',
    );
    const key = ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join('');
    const written = decision('Write', { file_path: '/home/u/app/config.txt', content: `aws_key=${key}\n` });
    expect(JSON.stringify(written)).toMatch(/Writes a secret into a file|credential/);
  });

  it('drops findings the reason says or that repeat each other, whatever their case, spacing or end', () => {
    const base: ToolPermissionDecision = {
      toolCallId: 't',
      behavior: 'ask',
      source: 'policy',
      reason: 'Deletes files: rm -rf. It needs approval.',
      reasonCode: 'x',
      risk: 'high',
      findings: [
        { risk: 'high', note: 'deletes  FILES: rm -rf' },
        { risk: 'medium', note: 'Reaches the network.' },
        { risk: 'medium', note: 'reaches the network' },
      ],
    };
    expect(sayOnce(base).findings).toEqual([{ risk: 'medium', note: 'Reaches the network.' }]);
    const only = { ...base, findings: [{ risk: 'high' as const, note: 'Deletes files: rm -rf.' }] };
    expect(sayOnce(only)).not.toHaveProperty('findings');
    const none = { ...base, findings: [] };
    expect(sayOnce(none)).toBe(none);
  });
});
