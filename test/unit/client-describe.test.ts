import { describe, expect, it } from 'vitest';
import { describeCall } from '../../client/cli/describe-call.ts';
import { fake } from '../support/fake-secrets.ts';

describe('describeCall', () => {
  it('names the tool and its main argument', () => {
    expect(describeCall('Bash', { command: 'git push --force origin main' })).toBe(
      'Bash git push --force origin main',
    );
    expect(describeCall('Edit', { file_path: 'src/app.ts', old_string: 'a' })).toBe('Edit src/app.ts');
    expect(describeCall('Deploy', { target: 1 })).toBe('Deploy');
  });

  it('never prints a secret from the input', () => {
    const line = describeCall(
      'Bash',
      { command: `gh api user -H "Authorization: token ${fake.github}"` },
      200,
    );
    expect(line).not.toContain(fake.github);
    expect(line).toContain('[REDACTED:');
  });

  it('bounds the line', () => {
    expect(describeCall('Bash', { command: 'x'.repeat(500) }, 40)).toHaveLength(40);
  });
});
