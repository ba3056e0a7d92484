import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collapsedArguments,
  collapsedChars,
  collapsedLines,
  expandedArguments,
  expandedChars,
  prettyArguments,
  truncatedMarker,
} from '../../extension/ui/card/format-arguments.ts';

describe('prettyArguments', () => {
  it('indents JSON by two spaces', () => {
    expect(prettyArguments({ command: 'ls', flags: ['-l'] })).toBe(
      '{\n  "command": "ls",\n  "flags": [\n    "-l"\n  ]\n}',
    );
  });

  it('shows a string input as it is, not as a quoted JSON string', () => {
    expect(prettyArguments('echo "hi"\nexit')).toBe('echo "hi"\nexit');
  });

  it('keeps markup as text: nothing is escaped or interpreted here', () => {
    const input = { reason: '<img src=x onerror=alert(1)><script>alert(2)</script>' };
    expect(prettyArguments(input)).toContain('<img src=x onerror=alert(1)><script>alert(2)</script>');
  });

  it('survives what JSON cannot say', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(prettyArguments(cyclic)).toBe('[object Object]');
    expect(prettyArguments(10n)).toBe('10');
    expect(prettyArguments(undefined)).toBe('');
    expect(prettyArguments(null)).toBe('null');
  });
});

describe('collapsedArguments', () => {
  it('leaves a short input whole', () => {
    expect(collapsedArguments('a\nb')).toEqual({ text: 'a\nb', cut: false });
  });

  it(`keeps the first ${collapsedLines} lines and marks the cut`, () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const shown = collapsedArguments(text);
    expect(shown.cut).toBe(true);
    expect(shown.text.split('\n')).toHaveLength(collapsedLines);
    expect(shown.text.endsWith('line 5…')).toBe(true);
  });

  it(`keeps at most ${collapsedChars} characters of one long line`, () => {
    const shown = collapsedArguments('x'.repeat(5000));
    expect(shown.cut).toBe(true);
    expect(shown.text).toBe(`${'x'.repeat(collapsedChars)}…`);
  });

  it('does not mark an input of exactly the limits as cut', () => {
    const text = Array.from({ length: collapsedLines }, () => 'y').join('\n');
    expect(collapsedArguments(text)).toEqual({ text, cut: false });
  });

  it('never splits an emoji', () => {
    const shown = collapsedArguments('😀'.repeat(collapsedChars + 5));
    expect(shown.text).toBe(`${'😀'.repeat(collapsedChars)}…`);
  });

  it('is bounded whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (text) => {
        const shown = collapsedArguments(text);
        expect(Array.from(shown.text).length).toBeLessThanOrEqual(collapsedChars + 1);
        expect(shown.text.split('\n').length).toBeLessThanOrEqual(collapsedLines);
        if (!shown.cut) expect(shown.text).toBe(text);
      }),
    );
  });
});

describe('expandedArguments', () => {
  it('shows up to the limit whole', () => {
    const text = 'z'.repeat(expandedChars);
    expect(expandedArguments(text)).toEqual({ text, cut: false });
  });

  it('cuts beyond the limit and says so on its own line', () => {
    const shown = expandedArguments('z'.repeat(expandedChars + 1));
    expect(shown.cut).toBe(true);
    expect(shown.text).toBe(`${'z'.repeat(expandedChars)}\n${truncatedMarker}`);
  });
});
