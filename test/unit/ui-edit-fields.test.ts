import { describe, expect, it } from 'vitest';
import { editedInput, editFields } from '../../extension/ui/answer/edit-fields.ts';

describe('editFields: what an approver may edit', () => {
  it('Bash: only the command, monospace', () => {
    expect(
      editFields('Bash', { command: 'npm install left-pad', description: 'Install', timeout: 5 }),
    ).toEqual([{ key: 'command', value: 'npm install left-pad', code: true }]);
  });

  it('any other tool: each top-level string field, prose in the normal font', () => {
    expect(
      editFields('WebFetch', {
        url: 'https://docs.python.org/3/',
        prompt: 'Summarise',
        retries: 2,
        nested: { a: 'x' },
      }),
    ).toEqual([
      { key: 'url', value: 'https://docs.python.org/3/', code: true },
      { key: 'prompt', value: 'Summarise', code: false },
    ]);
    expect(
      editFields('Edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true }),
    ).toHaveLength(3);
  });

  it('nothing for an input that is not an object, or a Bash command that is not a string', () => {
    for (const input of [null, 'ls', ['ls'], 3, undefined]) expect(editFields('Bash', input)).toEqual([]);
    expect(editFields('Bash', { command: ['rm', '-rf', '/'] })).toEqual([]);
  });
});

describe('editedInput: the input sent as updated_input', () => {
  it('changes only the edited strings, keeping every other field as it was', () => {
    const input = { command: 'npm install left-pad', description: 'Install', timeout: 5 };
    expect(editedInput('Bash', input, { command: 'npm install --ignore-scripts left-pad' })).toEqual({
      command: 'npm install --ignore-scripts left-pad',
      description: 'Install',
      timeout: 5,
    });
    expect(input.command).toBe('npm install left-pad');
  });

  it('is null when nothing changed: the approval is a plain one', () => {
    expect(editedInput('Bash', { command: 'ls' }, { command: 'ls' })).toBeNull();
    expect(editedInput('Bash', { command: 'ls' }, {})).toBeNull();
  });

  it('never adds a field or changes one that was not an editable string', () => {
    const input = { command: 'ls', timeout: 5 };
    expect(editedInput('Bash', input, { timeout: '999999', dangerouslyDisableSandbox: 'true' })).toBeNull();
    expect(editedInput('Bash', input, { description: 'x' })).toBeNull();
    expect(editedInput('WebFetch', { url: 'https://a.example', n: 1 }, { n: '2' })).toBeNull();
  });

  it('keeps an edit to an empty string (the relay decides what an empty command means)', () => {
    expect(editedInput('Bash', { command: 'ls' }, { command: '' })).toEqual({ command: '' });
  });

  it('is null for an input that is not an object', () => {
    expect(editedInput('Bash', 'ls', { command: 'rm -rf /' })).toBeNull();
  });
});
