import { describe, expect, it } from 'vitest';
import { relayCalls } from '../../extension/lib/relay-calls.ts';
import { coversWholeTool, grantConfirmReason } from '../../extension/ui/sessions/grant-width.ts';
import { engineModeLabels, modeLabel } from '../../extension/ui/sessions/mode-names.ts';
import {
  grantConfirmLabel,
  modeChooserText,
  newerView,
  requestedOf,
} from '../../extension/ui/sessions/requested.ts';
import { Mode, modeAliases } from '../../shared/contract/index.ts';
import { interaction, session } from './ui-fixtures.ts';

const acceptEdits = {
  mode: 'acceptEdits',
  engineMode: 'accept_edits',
  label: 'Claude Code runs in acceptEdits: not applied',
} as const;
const chrome = { tokenId: 'tok-chrome', label: 'Chrome on Linux', role: 'approver' } as const;

describe('requestedOf', () => {
  it('takes the session’s request, else the question’s copy, else nothing', () => {
    expect(requestedOf(session('s', undefined, { requested: acceptEdits }))).toEqual(acceptEdits);
    expect(requestedOf(session('s'), interaction({ requested: acceptEdits }))).toEqual(acceptEdits);
    expect(requestedOf(session('s'))).toBeNull();
    expect(requestedOf(session('s'), interaction())).toBeNull();
  });

  it('a session view that says nothing is asked (null) wins over a question’s older copy', () => {
    // After a grant the question still carries what was asked when it was put.
    expect(
      requestedOf(session('s', undefined, { requested: null }), interaction({ requested: acceptEdits })),
    ).toBeNull();
  });
});

describe('coversWholeTool', () => {
  it.each([
    // Not an allow rule: every tool-, capability- or default-wide setting, and anything unread.
    ['tools.Bash: allow', true],
    ['tools.mcp__github__create_issue: allow', true],
    ['capabilities.exec: allow', true],
    ['default: allow', true],
    ['shield: off', true],
    ['something the relay has not said before', true],
    ['', true],
    // A rule for a whole tool, however it is spelt.
    ['allow rule Bash', true],
    ['allow rule Bash()', true],
    ['allow rule Bash(*)', true],
    ['allow rule Bash( * )', true],
    ['allow rule Bash(:*)', true],
    ['allow rule Bash(* *)', true],
    ['allow rule Edit(**)', true],
    ['allow rule Edit(/**)', true],
    ['allow rule Edit(//**)', true],
    ['allow rule Write(~/**)', true],
    ['allow rule Read(../**)', true],
    ['allow rule mcp__github__*', true],
    ['allow rule WebFetch', true],
    ['allow rule WebFetch(domain:*)', true],
    ['allow rule WebFetch(domain:*.com)', true],
    ['allow rule WebFetch(domain:com)', true],
    // A Bash rule for a whole program, or one that runs any other command.
    ['allow rule Bash(python3:*)', true],
    ['allow rule Bash(git *)', true],
    ['allow rule Bash(np*)', true],
    ['allow rule Bash(*npm test)', true],
    ['allow rule Bash(bash -c:*)', true],
    ['allow rule Bash(env FOO=1 npm:*)', true],
    ['allow rule Bash(sudo npm test:*)', true],
    ['allow rule Bash(xargs:*)', true],
    ['allow rule Bash(/usr/bin/env:*)', true],
    ['allow rule Bash(eval:*)', true],
    // Unparsable rules are read as the widest.
    ['allow rule Bash(npm test', true],
    ['allow rule (npm test)', true],
    // Narrow ones.
    ['allow rule Bash(npm test)', false],
    ['allow rule Bash(npm run test:*)', false],
    ['allow rule Bash(git status)', false],
    // git runs other commands through aliases and options: any wildcard after it asks twice.
    ['allow rule Bash(git status:*)', true],
    ['allow rule Bash(sh)', false],
    ['allow rule Bash(sudo npm test)', false],
    ['allow rule Edit(src/**)', false],
    ['allow rule Read(./docs/*.md)', false],
    ['allow rule WebFetch(domain:github.com)', false],
    ['allow rule WebFetch(domain:*.github.com)', false],
    ['allow rule mcp__github__create_issue', true],
  ])('%s → %s', (permission, wide) => {
    expect(coversWholeTool(permission)).toBe(wide);
  });
});

describe('grantConfirmReason and grantConfirmLabel', () => {
  it('a non-Full-Access mode with no wide permission is granted in one click', () => {
    expect(grantConfirmReason(acceptEdits)).toBeNull();
    expect(grantConfirmReason({ mode: 'plan', engineMode: 'plan', label: 'x' })).toBeNull();
    expect(grantConfirmReason({ permissions: ['allow rule Bash(npm test)'], label: 'x' })).toBeNull();
  });

  it('Full Access asks, whatever the agent called it', () => {
    for (const name of ['bypass', 'bypassPermissions', 'full_access', 'yolo', 'acceptEdits'])
      expect(grantConfirmReason({ mode: name, engineMode: 'bypass', label: 'x' })).toMatch(
        /^Full Access runs every call of this session without review/,
      );
  });

  it('a whole-tool permission asks and is named; narrow ones beside it are not', () => {
    const reason = grantConfirmReason({
      ...acceptEdits,
      permissions: ['allow rule Bash(npm test)', 'tools.Bash: allow'],
    });
    expect(reason).toBe('This permission lets a whole tool run without asking: tools.Bash: allow.');
    expect(
      grantConfirmReason({
        mode: 'bypass',
        engineMode: 'bypass',
        permissions: ['allow rule Bash', 'capabilities.net: allow'],
        label: 'x',
      }),
    ).toBe(
      'Full Access runs every call of this session without review: nothing is asked. These permissions let a whole tool run without asking: allow rule Bash, capabilities.net: allow.',
    );
  });

  it('the confirm button names what it gives, in the session’s own words when it has them', () => {
    expect(
      grantConfirmLabel({ mode: 'bypassPermissions', engineMode: 'bypass', label: 'x' }, new Map()),
    ).toBe('Grant Full Access for this session');
    expect(
      grantConfirmLabel(
        { mode: 'yolo', engineMode: 'bypass', label: 'x' },
        new Map([['yolo', 'Unattended']]),
      ),
    ).toBe('Grant Unattended for this session');
    expect(grantConfirmLabel({ ...acceptEdits, permissions: ['tools.Bash: allow'] }, new Map())).toBe(
      'Grant Accept edits and its permission for this session',
    );
    expect(grantConfirmLabel({ permissions: ['a', 'b'], label: 'x' }, new Map())).toBe(
      'Grant its 2 permissions for this session',
    );
  });
});

describe('modeChooserText', () => {
  it('names the approver’s device, else the role; nothing when the view does not say', () => {
    expect(modeChooserText({ modeSetBy: 'approver', modeActor: chrome })).toBe('set by Chrome on Linux');
    expect(modeChooserText({ modeSetBy: 'approver' })).toBe('set by an approver');
    expect(modeChooserText({ modeSetBy: 'admin', modeActor: { tokenId: 'a', role: 'admin' } })).toBe(
      'set by an admin',
    );
    expect(modeChooserText({ modeSetBy: 'agent' })).toBe('set by the agent');
    expect(
      modeChooserText({ modeSetBy: 'agent', modeActor: { tokenId: 'g', label: 'ci runner', role: 'agent' } }),
    ).toBe('set by the agent (ci runner)');
    expect(modeChooserText({})).toBeNull();
    expect(modeChooserText({ modeSetBy: null, modeActor: chrome })).toBeNull();
  });

  it('never shows an agent’s choice under an approver’s name, nor the reverse', () => {
    // The relay keeps the last actor; a chooser of another role means the label is not theirs.
    expect(modeChooserText({ modeSetBy: 'agent', modeActor: chrome })).toBe('set by the agent');
    expect(
      modeChooserText({
        modeSetBy: 'approver',
        modeActor: { tokenId: 'g', label: 'Chrome on Linux', role: 'agent' },
      }),
    ).toBe('set by an approver');
    expect(modeChooserText({ modeSetBy: 'approver', modeActor: { ...chrome, label: ' ' } })).toBe(
      'set by an approver',
    );
  });
});

describe('newerView', () => {
  const listed = session('s', undefined, { updatedAt: '2026-11-29T12:00:00.000Z', requested: acceptEdits });
  const granted = session('s', undefined, {
    updatedAt: '2026-11-29T12:00:05.000Z',
    mode: 'acceptEdits',
    engineMode: 'accept_edits',
    requested: null,
  });

  it('shows the relay’s answer to a change until the list has caught up', () => {
    expect(newerView(listed, null)).toBe(listed);
    expect(newerView(listed, granted)).toBe(granted);
    const caughtUp = { ...granted };
    expect(newerView(caughtUp, granted)).toBe(caughtUp);
    const later = { ...listed, updatedAt: '2026-11-29T12:01:00.000Z' };
    expect(newerView(later, granted)).toBe(later);
  });

  it('never shows another session’s answer', () => {
    expect(newerView(listed, { ...granted, sessionId: 'other' })).toBe(listed);
  });
});

describe('modeLabel', () => {
  it('has words for every engine mode and every Claude Code alias', () => {
    for (const mode of Mode.options) expect(modeLabel(mode, new Map())).toBe(engineModeLabels[mode]);
    for (const [alias, mode] of Object.entries(modeAliases))
      expect(modeLabel(alias, new Map())).toBe(engineModeLabels[mode]);
    expect(modeLabel('bypass', new Map([['bypass', 'Unattended']]))).toBe('Unattended');
    expect(modeLabel('turbo', new Map())).toBe('turbo');
    // Names that are properties of every object are not modes.
    expect(modeLabel('toString', new Map())).toBe('toString');
    expect(modeLabel('__proto__', new Map())).toBe('__proto__');
  });
});

describe('relayCalls.grantRequested', () => {
  const view = session('run-1', undefined, {
    mode: 'acceptEdits',
    engineMode: 'accept_edits',
    requested: null,
  });

  function relay(status: number, body: unknown) {
    const sent: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    return { sent, calls: relayCalls({ url: 'http://127.0.0.1:8787', token: 'tok', fetch }) };
  }

  it('POSTs to the session’s grant-requested with the token, and answers the session', async () => {
    const { sent, calls } = relay(200, view);
    await expect(calls.grantRequested('run-1')).resolves.toEqual({ ok: true, value: view });
    expect(
      sent.map((request) => [request.method, request.url, request.headers.get('authorization')]),
    ).toEqual([['POST', 'http://127.0.0.1:8787/api/v1/sessions/run-1/grant-requested', 'Bearer tok']]);
  });

  it.each([
    [409, 'answered_elsewhere'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [401, 'unpaired'],
    [500, 'unreachable'],
  ] as const)('a %i becomes "%s", with the relay’s message', async (status, refusal) => {
    const { calls } = relay(status, {
      error: { code: 'conflict', message: 'this session asks for nothing that is not applied' },
    });
    await expect(calls.grantRequested('s')).resolves.toMatchObject({
      ok: false,
      refusal,
      message: expect.stringContaining('asks for nothing'),
    });
  });

  it('an answer that is not a session is refused, never taken as granted', async () => {
    const { calls } = relay(200, { granted: true });
    await expect(calls.grantRequested('s')).resolves.toMatchObject({ ok: false });
  });
});
