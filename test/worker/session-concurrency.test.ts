import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent, ToolCallState } from '../../shared/contract/index.ts';
import {
  answer,
  askingCall,
  auditEvents,
  expectJson,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

describe('concurrent answers', () => {
  it('50 concurrent answers to one interaction: exactly one 200, the rest 409, one resolution', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('a'));
    await submit(t, sid, askingCall('b'));
    const interactionId = asked.interaction!.interactionId;
    const answers = Array.from({ length: 50 }, (_, i) =>
      answer(t, sid, interactionId, i % 2 === 0 ? 'approve' : 'reject', { comment: `answer ${i}` }),
    );
    const statuses = (await Promise.all(answers)).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const events: SessionEvent[] = await auditEvents(t, sid);
    const resolutions = events.filter((event) => event.name === 'tool_permission_resolution');
    expect(resolutions).toHaveLength(1);
    // The queue moved on exactly once.
    expect(events.filter((event) => event.name === 'interaction_activated')).toHaveLength(1);
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: t.agent });
    expect(state.resolution).toEqual(resolutions[0]?.value);
  });

  it('an answer racing a cancel: one of them wins, the other is refused', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('a'));
    const [answered, canceled] = await Promise.all([
      answer(t, sid, asked.interaction!.interactionId),
      expectJson(200, `/sessions/${sid}/tool-calls/a`, { method: 'DELETE', token: t.agent }).then(
        () => 200,
        () => 409,
      ),
    ]);
    expect([answered.status, canceled].sort()).toEqual([200, 409]);
    const resolutions = (await auditEvents(t, sid)).filter(
      (event) => event.name === 'tool_permission_resolution',
    );
    expect(resolutions).toHaveLength(1);
  });
});
