import { useEffect, useState } from 'preact/hooks';
import type { ChatLink, ChatLinkCode } from '../../../shared/contract/index.ts';
import type { ChatCalls } from './chat-calls.ts';

/**
 * Approvals in chat (docs/chat.md "Linking"), the one panel of /app and the extension's options
 * page: make a one-use link code for this approver, see it taken (the list is read again every few
 * seconds while a code is open), and unlink a chat account. Where the calls go is the caller's:
 * /app straight to its relay, the extension through its background. A refusal shows the relay's
 * own words, as plain text.
 */

export interface ChatControlsProps {
  calls: ChatCalls;
}

const serviceName: Record<ChatLink['provider'], string> = { telegram: 'Telegram', slack: 'Slack' };
/** While a code is open, the links are read again this often, to say when it was taken. */
const pollMs = 2_000;

export function ChatControls({ calls }: ChatControlsProps) {
  const [code, setCode] = useState<ChatLinkCode | null>(null);
  const [links, setLinks] = useState<ChatLink[]>([]);
  const [status, setStatus] = useState<string | null>(null);

  async function refresh(): Promise<ChatLink[] | null> {
    const result = await calls.links();
    if (!result.ok) {
      setStatus(`The chat links could not be read: ${result.message}`);
      return null;
    }
    setLinks(result.value);
    return result.value;
  }

  useEffect(() => {
    void refresh();
  }, [calls]);

  useEffect(() => {
    if (!code) return;
    const known = new Set(links.map((link) => link.id));
    const timer = setInterval(async () => {
      if (Date.now() > Date.parse(code.expiresAt)) {
        setCode(null);
        setStatus('The link code expired unused.');
        return;
      }
      const fresh = (await refresh())?.find((link) => !known.has(link.id));
      if (fresh) {
        setCode(null);
        setStatus(`Linked: ${serviceName[fresh.provider]} user ${fresh.userId} answers as this device.`);
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [code]);

  async function makeCode(): Promise<void> {
    const result = await calls.linkCode();
    if (!result.ok) {
      setStatus(`No link code was made: ${result.message}`);
      return;
    }
    setStatus(null);
    setCode(result.value);
  }

  async function unlink(link: ChatLink): Promise<void> {
    const result = await calls.unlink(link.id);
    setStatus(
      result.ok
        ? `Unlinked ${serviceName[link.provider]} user ${link.userId}.`
        : `Not unlinked: ${result.message}`,
    );
    await refresh();
  }

  return (
    <section class="chat-controls" data-testid="chat-controls">
      <button type="button" class="action" id="chat-link" onClick={makeCode}>
        Link Telegram or Slack
      </button>
      {code && (
        <p data-testid="chat-link-code">
          Send <code>/start {code.code}</code> to the Gatehouse bot in Telegram, or{' '}
          <code>/gatehouse link {code.code}</code> in Slack, before{' '}
          {new Date(code.expiresAt).toLocaleTimeString()}. The code works once.
        </p>
      )}
      <ul data-testid="chat-links">
        {links.map((link) => (
          <li key={link.id} data-provider={link.provider}>
            {serviceName[link.provider]} user {link.userId}{' '}
            <button type="button" class="link" onClick={() => unlink(link)}>
              Unlink
            </button>
          </li>
        ))}
      </ul>
      {status && <p role="status">{status}</p>}
    </section>
  );
}
