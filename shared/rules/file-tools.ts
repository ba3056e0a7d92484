/** Where a file tool keeps its path, and whether it reads one file or searches a directory tree. */
export interface FileTool {
  field: string;
  directory: boolean;
  /** The field holds a patch (Codex's apply_patch) that may touch many files: each must be covered. */
  patch?: true;
}

type FileToolTable = Readonly<Record<string, FileTool>>;

/** `Read(…)` rules cover Read and, best effort, the tools that search: Grep, Glob, LS (via `path`). */
const READ_TOOLS: FileToolTable = {
  Read: { field: 'file_path', directory: false },
  NotebookRead: { field: 'notebook_path', directory: false },
  Grep: { field: 'path', directory: true },
  Glob: { field: 'path', directory: true },
  LS: { field: 'path', directory: true },
};

/** `Edit(…)` rules cover every built-in tool that edits files. */
const EDIT_TOOLS: FileToolTable = {
  Edit: { field: 'file_path', directory: false },
  MultiEdit: { field: 'file_path', directory: false },
  Write: { field: 'file_path', directory: false },
  NotebookEdit: { field: 'notebook_path', directory: false },
  apply_patch: { field: 'command', directory: false, patch: true },
};

/**
 * The tools a file rule covers, or undefined when the rule's tool is not a file tool.
 * `Write(…)` allows only Write (allow is strict) but denies every editing tool (deny is generous):
 * a file protected from Write must not be reachable through Edit.
 */
export function fileToolsFor(ruleTool: string, denySide: boolean): FileToolTable | undefined {
  if (ruleTool === 'Read') return READ_TOOLS;
  if (ruleTool === 'Edit') return EDIT_TOOLS;
  if (ruleTool === 'Write') return denySide ? EDIT_TOOLS : { Write: EDIT_TOOLS.Write! };
  const single = READ_TOOLS[ruleTool] ?? EDIT_TOOLS[ruleTool];
  return single === undefined ? undefined : { [ruleTool]: single };
}
