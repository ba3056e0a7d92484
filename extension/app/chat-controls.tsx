import { useEffect, useState } from 'preact/hooks';
import { type ChatLink, ChatLinkCode, ChatLinkList } from '../../shared/contract/index.ts';

/**
 * Approvals in chat, from /app (docs/chat.md "Linking"): make a one-use link code for this
 * approver, see it taken (the list is read again every few seconds while a code is open), and
 * unlink a chat account. What the relay answers is parsed with the shared schemas.
 */

export interface ChatControlsProps {
  token: () => string | null;
}

const serviceName: Record<ChatLink['provider'], string> = { telegram: 'Telegram', slack: 'Slack' };
/** While a code is open, the links are read again this often, to say when it was taken. */
const pollMs = 2_000;

export function ChatControls({ token }: ChatControlsProps) {
  const [code, setCode] = useState<ChatLinkCode | null>(null);
  const [links, setLinks] = useState<ChatLink[]>([]);
  const [status, setStatus] = useState<string | null>(null);

  const call = (method: string, path: string) =>
    fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token() ?? ''}` } });

  async function refresh(): Promise<ChatLink[] | null> {
    const response = await call('GET', '/chat/links').catch(() => null);
    const parsed = response?.ok ? ChatLinkList.safeParse(await response.json()) : null;
    if (!parsed?.success) return null;
    setLinks(parsed.data.links);
    return parsed.data.links;
  }

  useEffect(() => {
    void refresh();
  }, []);

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
    const response = await call('POST', '/chat/link-codes').catch(() => null);
    const parsed = response?.ok ? ChatLinkCode.safeParse(await response.json()) : null;
    if (!parsed?.success) {
      setStatus(`No link code was made${response ? ` (${response.status})` : ''}.`);
      return;
    }
    setStatus(null);
    setCode(parsed.data);
  }

  async function unlink(link: ChatLink): Promise<void> {
    const response = await call('DELETE', `/chat/links/${encodeURIComponent(link.id)}`).catch(() => null);
    setStatus(response?.ok ? `Unlinked ${serviceName[link.provider]} user ${link.userId}.` : 'Not unlinked.');
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
