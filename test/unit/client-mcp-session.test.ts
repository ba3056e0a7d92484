import { describe, expect, it } from 'vitest';
import { mcpSessionId } from '../../client/cli/mcp-session.ts';

const fresh = () => 'mcp-new';

describe('the session gatehouse mcp asks in', () => {
  it('is the one chosen (--session, $GATEHOUSE_SESSION) whatever Claude Code says', () => {
    expect(mcpSessionId('mine', { CLAUDE_CODE_SESSION_ID: 'claude-1' }, fresh)).toBe('mine');
  });

  it("is Claude Code's session when it names one, so the prompt tool joins the hooks' session", () => {
    expect(mcpSessionId(undefined, { CLAUDE_CODE_SESSION_ID: '0b9f…-session' }, fresh)).toBe('0b9f…-session');
  });

  it.each([{}, { CLAUDE_CODE_SESSION_ID: '' }, { CLAUDE_CODE_SESSION_ID: '   ' }])(
    'is a new one when Claude Code names none (%o)',
    (env) => {
      expect(mcpSessionId(undefined, env, fresh)).toBe('mcp-new');
    },
  );
});
