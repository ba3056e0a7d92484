import type { EngineToolCall } from '../../shared/contract/index.ts';

let next = 0;
const id = () => `call-${++next}`;

/** Tool calls as an agent sends them, for tests and benchmarks. */
export const calls = {
  bash: (command: string, cwd = '/work/repo'): EngineToolCall => ({
    toolCallId: id(),
    tool: 'Bash',
    input: { command },
    cwd,
  }),
  read: (file_path: string, cwd = '/work/repo'): EngineToolCall => ({
    toolCallId: id(),
    tool: 'Read',
    input: { file_path },
    cwd,
  }),
  edit: (file_path: string, cwd = '/work/repo'): EngineToolCall => ({
    toolCallId: id(),
    tool: 'Edit',
    input: { file_path, old_string: 'a', new_string: 'b' },
    cwd,
  }),
  fetch: (url: string): EngineToolCall => ({
    toolCallId: id(),
    tool: 'WebFetch',
    input: { url, prompt: 'summarize' },
  }),
  tool: (tool: string, input: Record<string, unknown> = {}, cwd = '/work/repo'): EngineToolCall => ({
    toolCallId: id(),
    tool,
    input,
    cwd,
  }),
};
