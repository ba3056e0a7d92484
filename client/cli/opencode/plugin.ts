/**
 * The OpenCode plugin `gatehouse init opencode` writes (`.opencode/plugin/gatehouse.js`): plain
 * JavaScript OpenCode loads as it is. It runs `gatehouse hook --agent opencode` for each call and
 * holds the call in `tool.execute.before` until the relay decides — a deny throws, and OpenCode
 * hands the throw's text to the model as the call's result. Under `opencode serve` (where Kilo
 * runs) OpenCode may ask too: its `permission.asked` event is answered through the server's reply
 * API from the relay's decision for the same call (its callID: the plugin keeps the answer its
 * `tool.execute.before` got, so the approver sees one question), `once` or `reject`, never
 * `always` — an "always" of the approver is a grant the relay keeps. OpenCode's `permission.ask`
 * plugin hook is declared but never called (opencode#7006), hence the event.
 */
export const pluginMarker = '// Gatehouse for OpenCode, written by `gatehouse init opencode`';

export function openCodePlugin(argv: readonly string[]): string {
  return `${pluginMarker}; \`gatehouse init opencode --remove\` takes it out.
// Every tool call waits here for the Gatehouse relay (GATEHOUSE_URL, GATEHOUSE_TOKEN from
// OpenCode's environment); anything short of its allow fails the call with the relay's text.
import { spawn } from 'node:child_process';

const hook = ${JSON.stringify([...argv, '--agent', 'opencode'])};

function ask(payload) {
  return new Promise((resolve) => {
    const deny = (why) =>
      resolve({ allow: false, message: \`Gatehouse could not be asked about this call (\${why}), so it is denied.\` });
    let child;
    try {
      child = spawn(hook[0], hook.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
    } catch (error) {
      return deny(String(error));
    }
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', (error) => deny(error.message));
    child.on('close', (code) => {
      try {
        const answer = JSON.parse(out);
        if (answer && (answer.allow === true || typeof answer.message === 'string')) return resolve(answer);
      } catch {}
      deny(\`gatehouse hook exited \${code} without an answer\`);
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

// The relay's answer for each call this plugin held, by OpenCode's callID: OpenCode's own
// permission request for that call (it comes after tool.execute.before) gets the same answer,
// so the approver is asked once. The oldest go first past a few hundred.
const decided = new Map();
const remember = (callID, answer) => {
  if (typeof callID !== 'string') return;
  decided.set(callID, answer);
  for (const oldest of decided.keys()) {
    if (decided.size <= 500) break;
    decided.delete(oldest);
  }
};

export const Gatehouse = async ({ serverUrl, directory }) => ({
  'tool.execute.before': async (input, output) => {
    const answer = ask({
      event: 'tool',
      sessionID: input.sessionID,
      callID: input.callID,
      tool: input.tool,
      args: output.args,
      cwd: directory,
    });
    remember(input.callID, answer);
    const { allow, message } = await answer;
    if (!allow) throw new Error(message);
  },
  event: async ({ event }) => {
    if (event.type !== 'permission.asked') return;
    const request = event.properties;
    const callID = request.tool?.callID;
    const answer = await (decided.get(callID) ??
      ask({
        event: 'permission',
        sessionID: request.sessionID,
        callID,
        permission: request.permission,
        patterns: request.patterns,
        metadata: request.metadata,
        cwd: directory,
      }));
    const url = new URL(\`/permission/\${encodeURIComponent(request.id)}/reply\`, serverUrl);
    url.searchParams.set('directory', directory);
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer.allow ? { reply: 'once' } : { reply: 'reject', message: answer.message }),
    }).catch(() => undefined);
  },
});
`;
}
