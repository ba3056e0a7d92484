import { describe, expect, it } from 'vitest';
import { dockStateFor } from '../../extension/lib/dock-state.ts';
import type { InboxState } from '../../extension/ui/port.ts';
import { allActions, decision, session } from './extension-fixtures.ts';

const noPasskeys = { level: 'off', setting: 'critical', count: 0 } as const;

const live = (
  sessions: InboxState['sessions'],
  passkeys: InboxState['passkeys'] | null = noPasskeys,
): InboxState => ({
  connection: 'live',
  relayUrl: 'https://relay.example',
  sessions,
  ...(passkeys ? { passkeys } : {}),
});

describe('what the dock is given', () => {
  it('nothing when unpaired or when nothing waits', () => {
    expect(dockStateFor({ connection: 'unpaired', relayUrl: null, sessions: [session('a')] })).toEqual({
      request: null,
    });
    expect(dockStateFor(live([session('a', { active: null })]))).toEqual({ request: null });
  });

  it('the first waiting session (the inbox is most urgent first), as plain display strings', () => {
    const state = live([
      session('quiet', { active: null }),
      session('a', { risk: 'critical', title: 'Deploy' }),
      session('b', { risk: 'low' }),
    ]);
    expect(dockStateFor(state)).toEqual({
      request: {
        sessionId: 'a',
        interactionId: 'int-a',
        sessionTitle: 'Deploy',
        tool: 'Bash',
        risk: 'critical',
        badge: { label: 'Review required · Critical', color: 'amber' },
        summary: 'Policy',
        preview: 'rm -rf build',
        canApprove: true,
        canDeny: true,
        needsPasskey: false,
      },
    });
  });

  // A content script cannot ask for the approver's passkey: the dock has Deny only and points to the popup.
  it('no Approve for a call that needs the passkey; Deny stays', () => {
    const atHigh = { level: 'high', setting: 'high', count: 1 } as const;
    expect(dockStateFor(live([session('a', { risk: 'high' })], atHigh)).request).toMatchObject({
      canApprove: false,
      canDeny: true,
      needsPasskey: true,
    });
    expect(dockStateFor(live([session('a', { risk: 'medium' })], atHigh)).request).toMatchObject({
      canApprove: true,
      needsPasskey: false,
    });
  });

  it('before the passkeys are known, a critical call counts as needing one (the default step-up)', () => {
    expect(dockStateFor(live([session('a', { risk: 'critical' })], null)).request).toMatchObject({
      canApprove: false,
      needsPasskey: true,
    });
    expect(dockStateFor(live([session('a', { risk: 'high' })], null)).request).toMatchObject({
      canApprove: true,
      needsPasskey: false,
    });
  });

  it('the reviewer’s line for a classifier escalation, and only the actions the relay offers', () => {
    const reviewed = decision({
      source: 'auto_classifier',
      evaluator: 'auto_reviewer',
      confidence: 'high',
      riskCategories: ['external_system'],
      reviewerModel: 'gatehouse/heuristic-1',
      risk: 'medium',
    });
    const state = live([
      session('a', {
        title: null,
        active: { decision: reviewed, actions: allActions.filter((action) => action.id === 'deny') },
      }),
    ]);
    expect(dockStateFor(state).request).toMatchObject({
      sessionTitle: 'a',
      summary:
        'Auto reviewer · High confidence · External system · gatehouse/heuristic-1 · AI recommendation: Review required',
      canApprove: false,
      canDeny: true,
    });
  });

  it('never the relay address, and no more of the arguments than one bounded line', () => {
    const state = live([
      session('a', { active: { input: { command: `echo ${'x'.repeat(400)}\nrm -rf /` } } }),
    ]);
    const request = dockStateFor(state).request!;
    expect(JSON.stringify(request)).not.toContain('relay.example');
    expect(Array.from(request.preview)).toHaveLength(160);
    expect(request.preview).not.toContain('\n');
  });
});
