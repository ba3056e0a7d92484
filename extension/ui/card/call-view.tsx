import './card.css';
import { Fragment } from 'preact';
import { useMemo } from 'preact/hooks';
import type { ToolPermissionDecision } from '../../../shared/contract/index.ts';
import type { MarkedText } from './command-marks.ts';
import { collapsedArguments, collapsedLines, expandedArguments } from './format-arguments.ts';
import { type DiffHunk, type Entry, toolView } from './tool-view.ts';

/**
 * The change a call makes, drawn from `toolView`: a diff, a file's first lines, a command with
 * its risky characters marked, a URL's domain, an MCP call's arguments. Every string is a text
 * node; long views scroll inside their own box so the actions below stay where they are.
 */
export function CallView({
  tool,
  input,
  decision,
  expanded,
}: {
  tool: string;
  input: unknown;
  decision?: ToolPermissionDecision;
  expanded: boolean;
}) {
  const view = useMemo(() => toolView(tool, input, decision), [tool, input, decision]);
  const box = expanded ? 'view-box view-box--expanded' : 'view-box';
  return (
    <div class="tool-view" data-testid="arguments" data-kind={view.kind}>
      {(() => {
        switch (view.kind) {
          case 'diff':
            return (
              <>
                <p class="view-head">
                  Edits <Path path={view.path} />
                </p>
                <div class={`${box} mono`}>
                  {view.hunks.map((hunk, index) => (
                    <Hunk key={index} hunk={hunk} />
                  ))}
                </div>
                <Extra entries={view.extra} />
              </>
            );
          case 'write':
            return (
              <>
                <p class="view-head">
                  Writes <Path path={view.path} />
                </p>
                <FirstLines text={view.content} expanded={expanded} box={box} />
                <Extra entries={view.extra} />
              </>
            );
          case 'notebook':
            return (
              <>
                <p class="view-head">
                  Notebook <Path path={view.path} />
                </p>
                <Entries
                  entries={[
                    ...(view.cellId !== null ? [{ key: 'Cell', value: view.cellId }] : []),
                    { key: 'Edit mode', value: view.editMode },
                    ...(view.cellType !== null ? [{ key: 'Cell type', value: view.cellType }] : []),
                  ]}
                />
                <FirstLines text={view.source} expanded={expanded} box={box} />
                <Extra entries={view.extra} />
              </>
            );
          case 'command':
            return (
              <>
                <Command command={view.command} box={box} />
                {view.description && (
                  <p class="view-note" data-testid="description">
                    {view.description}
                  </p>
                )}
                <Extra entries={view.extra} />
              </>
            );
          case 'fetch':
            return (
              <>
                <p class="view-head">
                  Fetches from{' '}
                  <strong data-testid="domain">{view.domain ?? 'an address that is not a URL'}</strong>
                </p>
                <p class="view-line mono" data-testid="url">
                  {view.url}
                </p>
                {view.prompt !== null && (
                  <p class="view-note" data-testid="prompt">
                    {view.prompt}
                  </p>
                )}
                <Extra entries={view.extra} />
              </>
            );
          case 'search':
            return (
              <>
                <p class="view-head">
                  Searches the web for <strong data-testid="query">{view.query}</strong>
                </p>
                <Extra entries={view.extra} />
              </>
            );
          case 'mcp':
            return (
              <>
                <p class="view-head" data-testid="mcp-name">
                  <span data-testid="mcp-server">{view.server}</span> ·{' '}
                  <span data-testid="mcp-tool">{view.tool}</span>
                </p>
                <div class={box}>
                  <Entries entries={view.entries} />
                </div>
              </>
            );
          case 'patch':
            return view.unreadable !== null ? (
              <>
                <p class="view-head" data-testid="patch-unreadable">
                  A patch that could not be read for sure ({view.unreadable})
                </p>
                <FirstLines text={view.text} expanded={expanded} box={box} />
                <Extra entries={view.extra} />
              </>
            ) : (
              <>
                {view.files.map((file, index) => (
                  <div key={index} data-testid="patch-file" data-action={file.action}>
                    <p class="view-head">
                      {patchVerb[file.action]} <Path path={file.path} />
                      {file.moveTo !== null && (
                        <>
                          {' '}
                          → <Path path={file.moveTo} />
                        </>
                      )}
                    </p>
                    {file.lines.length > 0 && (
                      <div class={`${box} mono`}>
                        <Hunk hunk={{ title: null, lines: file.lines }} />
                      </div>
                    )}
                  </div>
                ))}
                <Extra entries={view.extra} />
              </>
            );
          case 'json':
            return <JsonText text={view.text} expanded={expanded} />;
        }
      })()}
    </div>
  );
}

function Path({ path }: { path: string }) {
  return (
    <span class="mono path" data-testid="path">
      {path}
    </span>
  );
}

const diffSign = { add: '+', remove: '-', same: ' ' } as const;

const patchVerb = { add: 'Adds', update: 'Updates', delete: 'Deletes' } as const;

function Hunk({ hunk }: { hunk: DiffHunk }) {
  return (
    <div class="hunk" data-testid="hunk">
      {hunk.title && <p class="hunk-title">{hunk.title}</p>}
      <pre class="diff">
        {hunk.lines.map((line, index) => (
          <span
            key={index}
            class={`diff-line diff-line--${line.op}`}
            data-testid="diff-line"
            data-op={line.op}
          >
            <span class="diff-sign" aria-hidden="true">
              {diffSign[line.op]}
            </span>
            <span data-testid="diff-text">{line.text}</span>
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}

/** A file's first lines while collapsed, the bounded whole when expanded, and how much is left. */
function FirstLines({ text, expanded, box }: { text: string; expanded: boolean; box: string }) {
  const shown = expanded ? expandedArguments(text) : collapsedArguments(text);
  const total = text === '' ? 0 : text.split('\n').length;
  return (
    <>
      <pre class={`${box} mono`} data-testid="first-lines">
        {shown.text}
      </pre>
      {!expanded && total > collapsedLines && (
        <p class="view-note" data-testid="more-lines">
          {total} lines in all · Details shows them
        </p>
      )}
      {total === 0 && <p class="view-note">Empty file</p>}
    </>
  );
}

function Command({ command, box }: { command: MarkedText; box: string }) {
  return (
    <pre class={`${box} mono command`} data-testid="command" data-whole={command.whole}>
      {command.pieces.map((piece, index) =>
        piece.risk === null ? (
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          <mark key={index} data-testid="mark" data-risk={piece.risk} title={piece.notes.join('\n')}>
            {piece.text}
          </mark>
        ),
      )}
    </pre>
  );
}

function Entries({ entries }: { entries: readonly Entry[] }) {
  return (
    <dl class="entries" data-testid="entries">
      {entries.map((entry, index) => (
        <Fragment key={`${index}:${entry.key}`}>
          <dt data-testid="entry-key">{entry.key}</dt>
          <dd class="mono" data-testid="entry-value">
            {entry.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Fields the tool's view does not name: shown, never dropped. */
function Extra({ entries }: { entries: readonly Entry[] }) {
  if (entries.length === 0) return null;
  return (
    <div class="extra" data-testid="extra">
      <p class="view-note">Also sent</p>
      <Entries entries={entries} />
    </div>
  );
}

function JsonText({ text, expanded }: { text: string; expanded: boolean }) {
  const shown = expanded ? expandedArguments(text) : collapsedArguments(text);
  return (
    <pre class={expanded ? 'view-box view-box--expanded mono' : 'view-box mono'} data-testid="json">
      {shown.text}
    </pre>
  );
}
