import { adminToken, startRelay, type TestRelay } from '../e2e/client-relay.ts';

// The real relay under wrangler with a fresh state folder and agent/approver tokens, as the
// client's end-to-end tests start it, plus the admin calls the peer tests need.

export { activeInteraction, closedPort } from '../e2e/client-relay.ts';
export { startRelay, type TestRelay };

/** Admin: the workspace's default permissions (`PUT /api/v1/permissions`), e.g. a deny rule. */
export async function setPermissions(relay: TestRelay, permissions: Record<string, unknown>): Promise<void> {
  const response = await fetch(new URL('/api/v1/permissions', relay.url), {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ permissions }),
  });
  if (!response.ok) throw new Error(`PUT /permissions: ${response.status} ${await response.text()}`);
}
