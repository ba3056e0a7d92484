import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../shared/engine/index.ts';
import { parsePatch, patchPaths } from '../../shared/patch/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { rateRisk } from '../../shared/risk/index.ts';

// Codex's apply_patch as the engine sees it: the files a patch touches, read strictly; rules,
// accept-edits, protected paths and the risk rater over every one of them.

const cwd = '/home/dev/project';
const home = '/home/dev';
const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch', ''].join('\n');
const call = (text: string) => ({ toolCallId: 'p', tool: 'apply_patch', input: { command: text }, cwd });
const update = (path: string) => [`*** Update File: ${path}`, '@@', ' a', '-b', '+c'];

describe('parsePatch', () => {
  it('reads every kind of file operation, in order', () => {
    const text = patch(
      '*** Add File: src/new.ts',
      '+export const x = 1;',
      '*** Delete File: old.txt',
      '*** Update File: src/app.ts',
      '*** Move to: src/main.ts',
      '@@ function main',
      ' keep',
      '-old',
      '+new',
      '*** End of File',
      '*** Update File: README.md',
      '-a',
      '+b',
      '',
      ' c',
    );
    expect(parsePatch(text)).toEqual({
      ok: true,
      files: [
        { action: 'add', path: 'src/new.ts' },
        { action: 'delete', path: 'old.txt' },
        { action: 'update', path: 'src/app.ts', moveTo: 'src/main.ts' },
        { action: 'update', path: 'README.md' },
      ],
    });
    expect(patchPaths(parsePatch(text))).toEqual([
      'src/new.ts',
      'old.txt',
      'src/app.ts',
      'src/main.ts',
      'README.md',
    ]);
  });

  it('reads the patch with or without its final newline (PermissionRequest drops it)', () => {
    const text = patch('*** Add File: a.txt', '+a');
    expect(parsePatch(text)).toEqual(parsePatch(text.slice(0, -1)));
    expect(parsePatch(text).ok).toBe(true);
  });

  it('reads an added empty file', () => {
    expect(patchPaths(parsePatch(patch('*** Add File: empty.txt', '*** Delete File: b')))).toEqual([
      'empty.txt',
      'b',
    ]);
  });

  // Each of these is a patch Codex might read differently (it trims, it accepts heredocs): a
  // file this reading missed would be written unseen, so none of them is read at all.
  it.each([
    ['no begin marker', '*** Add File: a\n+a\n*** End Patch'],
    ['no end marker', '*** Begin Patch\n*** Add File: a\n+a\n'],
    ['a heredoc around it', `<<'EOF'\n${patch('*** Add File: a', '+a')}EOF`],
    ['a leading blank line', `\n${patch('*** Add File: a', '+a')}`],
    ['CRLF line ends', patch('*** Add File: a', '+a').replaceAll('\n', '\r\n')],
    ['an indented file header', patch(...update('a'), ' *** Update File: .git/config', '-x', '+y')],
    ['a header with a tab before it', patch(...update('a'), '\t*** Add File: .bashrc', '+x')],
    ['a header without its space', patch('***Add File: .git/hooks/pre-commit', '+x')],
    ['a lower-case header', patch('*** add file: x', '+x')],
    ['a path with spaces around it', patch('*** Add File:  .git/config', '+x')],
    ['a path with a trailing space', patch('*** Delete File: a ', '')],
    ['an empty path', patch('*** Delete File: ')],
    ['a move to nowhere', patch('*** Update File: a', '*** Move to: ', '-a', '+b')],
    ['an update without hunks', patch('*** Update File: a')],
    ['an update that changes no line', patch('*** Update File: a', '@@', ' a')],
    ['a hunk header glued to text', patch('*** Update File: a', '@@x', '-a', '+b')],
    ['a stray line in added content', patch('*** Add File: a', '+a', 'oops', '*** Add File: .bashrc', '+x')],
    ['a blank line between files', patch('*** Delete File: a', '', '*** Delete File: b')],
    ['a line after End of File', patch(...update('a'), '*** End of File', ' x')],
    ['an unknown marker', patch('*** Delete File: a', '*** Copy File: b')],
    ['no files at all', patch()],
    ['an empty text', ''],
  ])('is unsure of %s', (_name, text) => {
    const reading = parsePatch(text);
    expect(reading.ok).toBe(false);
    expect(patchPaths(reading)).toBeUndefined();
  });

  it('never claims to read a patch with a header it did not list', () => {
    // Whatever lines are inserted, every line that is a file header at column 0 is listed, and
    // any line that could be taken for a marker elsewhere makes the patch unreadable.
    const line = fc.oneof(
      fc.constantFrom('+x', '-y', ' z', '', '@@', '@@ ctx', '*** End of File', ' *** Add File: q'),
      fc.constantFrom('*** Add File: a', '*** Delete File: d', '*** Update File: u', '*** Move to: m'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (body) => {
        const reading = parsePatch(patch(...body));
        if (!reading.ok) return;
        const named = body.flatMap((text) => {
          const header = /^\*\*\* (?:Add File|Delete File|Update File|Move to): (.*)$/.exec(text);
          return header ? [header[1]] : [];
        });
        expect(patchPaths(reading)).toEqual(named);
        for (const text of body) {
          if (text.trim().startsWith('***') && !text.startsWith('+') && !text.startsWith('-'))
            expect(text.startsWith('***')).toBe(true);
        }
      }),
    );
  });
});

describe('apply_patch in the engine', () => {
  const decideWith = (permissions: Record<string, unknown>, text: string, mode = 'default' as const) =>
    decide(compilePlan(permissions), call(text), { mode, home });

  it('an Edit(path) allow rule allows a patch only when it covers every file', () => {
    const rules = { permissions: { allow: ['Edit(src/**)'] } };
    expect(decideWith(rules, patch(...update('src/a.ts'), '*** Add File: src/b.ts', '+b')).behavior).toBe(
      'allow',
    );
    expect(decideWith(rules, patch(...update('src/a.ts'), '*** Add File: docs/b.md', '+b')).behavior).toBe(
      'ask',
    );
    expect(
      decideWith(rules, patch('*** Update File: src/a.ts', '*** Move to: lib/a.ts', '-a', '+b')).behavior,
    ).toBe('ask');
    expect(decideWith(rules, patch(...update('src/../../x.ts'))).behavior).toBe('ask');
  });

  it('an Edit(path) deny rule denies a patch when it covers any file', () => {
    const rules = { permissions: { deny: ['Edit(secrets/**)'] } };
    const denied = decideWith(rules, patch(...update('src/a.ts'), '*** Delete File: secrets/key.txt'));
    expect(denied).toMatchObject({ behavior: 'deny', matchedRule: 'Edit(secrets/**)' });
    expect(decideWith(rules, patch(...update('src/a.ts'), '*** Move to: secrets/a.ts')).behavior).toBe(
      'deny',
    );
    expect(decideWith(rules, patch(...update('src/a.ts'))).behavior).toBe('ask');
  });

  it('a deny rule denies a patch it cannot read, and an allow rule does not allow one', () => {
    const unreadable = patch(...update('src/a.ts'), ' *** Add File: secrets/x', '+x');
    expect(decideWith({ permissions: { deny: ['Edit(secrets/**)'] } }, unreadable).behavior).toBe('deny');
    expect(decideWith({ permissions: { allow: ['Edit(**)'] } }, unreadable).behavior).toBe('ask');
    expect(decideWith({ tools: { apply_patch: 'allow' } }, unreadable).behavior).toBe('ask');
  });

  it('accept-edits allows a patch inside the working directory, and asks for one reaching out', () => {
    expect(decideWith({}, patch(...update('src/a.ts')), 'accept_edits' as 'default').behavior).toBe('allow');
    for (const outside of ['/etc/hosts', '../other/a.ts', '~/notes.txt'])
      expect(
        decideWith({}, patch(...update('src/a.ts'), ...update(outside)), 'accept_edits' as 'default')
          .behavior,
      ).toBe('ask');
    expect(decideWith({}, 'not a patch', 'accept_edits' as 'default').behavior).toBe('ask');
  });

  it('asks for a patch reaching a protected file whatever allows it', () => {
    for (const path of ['.git/hooks/pre-commit', '.codex/config.toml', '.bashrc', '.env', '~/.zshrc']) {
      const text = patch(...update('src/a.ts'), `*** Add File: ${path}`, '+x');
      for (const permissions of [
        { permissions: { allow: ['Edit(**)', 'Edit(~/**)'] } },
        { tools: { apply_patch: 'allow' } },
      ])
        expect(decideWith(permissions, text).reasonCode).toBe('protected_path');
      expect(decideWith({}, text, 'accept_edits' as 'default').behavior).toBe('ask');
    }
    const moved = patch('*** Update File: src/a.ts', '*** Move to: .git/config', '-a', '+b');
    expect(decideWith({}, moved, 'accept_edits' as 'default').reasonCode).toBe('protected_path');
  });

  it('is never a read, and plan mode denies it', () => {
    expect(decideWith({}, patch(...update('src/a.ts'))).behavior).toBe('ask');
    expect(decideWith({}, patch(...update('src/a.ts')), 'plan' as 'default').behavior).toBe('deny');
  });

  it('is rated by the worst file it touches', () => {
    const rate = (text: string) => rateRisk(call(text)).risk;
    expect(rate(patch(...update('src/a.ts')))).toBe('low');
    expect(rate(patch(...update('src/a.ts'), ...update('/etc/hosts')))).toBe('high');
    expect(rate(patch('*** Delete File: ../../outside.txt'))).toBe('high');
    expect(rate('*** Begin Patch\nnonsense')).toBe('high');
  });
});
