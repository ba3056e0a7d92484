import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/index.ts';
import { fake } from '../support/fake-secrets.ts';
import { quotedSecrets } from '../support/quoted-secrets.ts';
import { messageQueue } from './helpers.ts';
import { answer, api, askingCall, expectJson, readSse, type Team, team, uid } from './session-fixtures.ts';

// every agent-supplied string that is stored, streamed or shown goes through
// the tool input's redaction and bounds. Each spelling below is planted in every free-text field
// of a declaration, in a session's own rule and in a tool's reported output, then looked for in
// every answer, the SSE stream, the inbox (JSON and WebSocket snapshot) and the audit export.

let t: Team;
beforeAll(async () => {
  t = await team();
}, 60_000);

/** What must never come back: the secret part of each spelling. */
const spellings: { name: string; text: string; secret: string }[] = [
  { name: 'GitHub token', text: fake.github, secret: fake.github },
  { name: 'fine-grained GitHub token', text: fake.githubPat, secret: fake.githubPat.slice(11) },
  { name: 'AWS access key', text: fake.awsAccessKey, secret: fake.awsAccessKey },
  {
    name: 'PEM header',
    text: `-----BEGIN RSA ${'PRIVATE KEY'}-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo`,
    secret: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo',
  },
  {
    name: 'bearer header',
    text: `Authorization: Bearer ${'q8Zt3LmN0pRvX2yB7cKd4wF'}`,
    secret: 'q8Zt3LmN0pRvX2yB7cKd4wF',
  },
  { name: 'Slack bot token', text: fake.slackBot, secret: fake.slackBot },
  { name: 'Stripe key', text: fake.stripe, secret: fake.stripe },
  // As bash passes them: split by quoting, concatenated, `$'…'` escapes (DESIGN §5 step 2).
  ...quotedSecrets.map(({ name, shell, secret }) => ({ name: `quoted: ${name}`, text: shell, secret })),
];

async function ticketFor(token: string): Promise<string> {
  const { ticket } = await expectJson<{ ticket: string }>(201, '/ws-tickets', { token, method: 'POST' });
  return ticket;
}

async function inboxSnapshot(token: string): Promise<string> {
  const res = await exports.default.fetch(
    `http://relay/api/v1/inbox?ticket=${encodeURIComponent(await ticketFor(token))}`,
    { headers: { upgrade: 'websocket' } },
  );
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages = messageQueue(socket);
  socket.accept();
  const snapshot = await messages.next();
  socket.close();
  return JSON.stringify(snapshot);
}

describe('agent-supplied text is redacted before it is stored', () => {
  it.each(spellings)(
    '$name: never in a response, the stream, the inbox or the audit',
    async ({ text, secret }) => {
      const sid = uid('s');
      const shortText = text.length > 60 ? text.slice(0, 60) : text;
      const seen: string[] = [];
      const keep = async (res: Response, status = 200) => {
        const body = new TextDecoder().decode(await res.arrayBuffer());
        expect(res.status, body).toBe(status);
        seen.push(body);
        return body;
      };

      await keep(
        await api(`/sessions/${sid}`, {
          method: 'PUT',
          token: t.agent,
          body: {
            title: `deploy ${text}`,
            agent: `bot ${shortText}`,
            modes: [
              {
                id: `careful ${shortText}`,
                label: `Careful ${shortText}`,
                description: `uses ${text}`,
                behaves_as: 'default',
              },
              { id: 'plan', label: `Plan ${shortText}` },
            ],
            mode: `careful ${shortText}`,
            // A session's own rule that decides is quoted in the decision (reason, matchedRule).
            permissions: {
              rules: [{ tool: 'Bash', permission: 'ask', content: `npm publish ${shortText}` }],
            },
          },
        }),
      );
      const asked = JSON.parse(
        await keep(
          await api(`/sessions/${sid}/tool-calls`, {
            token: t.agent,
            body: askingCall('ask-1', `npm publish ${shortText}`),
          }),
        ),
      ) as { interaction: { interactionId: string } };
      await keep(await api(`/sessions/${sid}`, { token: t.approver }));
      await keep(await api('/inbox', { token: t.approver }));
      seen.push(await inboxSnapshot(t.approver));
      await keep(
        await answer(t, sid, asked.interaction.interactionId, 'approve', { comment: `fine, ${text}` }),
      );
      await keep(
        await api(`/sessions/${sid}/tool-calls/ask-1/result`, {
          token: t.agent,
          body: { status: 'ok', output: `published with ${text}` },
        }),
      );
      // A mode switch by its (redacted) declared id still finds the mode.
      const view = JSON.parse(
        await keep(await api(`/sessions/${sid}`, { token: t.approver })),
      ) as SessionView;
      await keep(
        await api(`/sessions/${sid}/mode`, { method: 'PUT', token: t.approver, body: { mode: 'plan' } }),
      );
      await keep(
        await api(`/sessions/${sid}/mode`, {
          method: 'PUT',
          token: t.approver,
          body: { mode: view.modes[0]!.id },
        }),
      );
      await keep(await api('/sessions', { token: t.approver }));
      const audit = await keep(await api(`/sessions/${sid}/audit`, { token: t.approver }));
      await keep(await api(`/sessions/${sid}/audit?format=jsonl`, { token: t.approver }));
      const eventCount = (JSON.parse(audit) as { events: unknown[] }).events.length;
      const sse = await readSse(await api(`/sessions/${sid}/events`, { token: t.agent }), eventCount);
      expect(sse).toHaveLength(eventCount);
      seen.push(JSON.stringify(sse));

      for (const body of seen) expect(body).not.toContain(secret);
      // It was there to find: the redaction marker stands where it was.
      expect(seen.join('\n')).toContain('[REDACTED:');
      expect(view.title).toMatch(/^deploy .*\[REDACTED:/);
      expect(view.modes[0]!.label).toContain('[REDACTED:');
    },
  );

  it('bounds what redaction lengthens', async () => {
    const sid = uid('s');
    // Many short secrets: each marker is longer than the secret it replaces.
    const title = Array.from({ length: 5 }, () => fake.npm)
      .join(' ')
      .slice(0, 200);
    const view = await expectJson<SessionView>(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { title },
    });
    expect(view.title!.length).toBeLessThanOrEqual(200);
    expect(view.title).not.toContain(fake.npm);
  });
});
