import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GatehouseClient, ToolCallInput } from '../../client/sdk/index.ts';
import { decisionSection } from '../../shared/badges/index.ts';
import type {
  ToolCallState,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';

/**
 * Reading the approver UI through its DOM contract (data-testid / data-action / data-row hooks
 * only, never CSS classes or wording of buttons), and an agent that asks and keeps waiting.
 */

/** The request card of a session. */
export const requestCard = (page: Page, sessionId: string): Locator =>
  page.locator(`[data-testid="request"][data-session-id="${sessionId}"]`);

/** Text of one hook inside a card (or page), '' when absent. */
export async function hookText(scope: Locator | Page, testId: string): Promise<string> {
  return (await scope.locator(`[data-testid="${testId}"]`).first().textContent()) ?? '';
}

/**
 * The expanded card's PERMISSION DECISION (and REVIEW) rows are exactly `decisionSection()` of
 * the decision the relay made: same labels, same values, plain text.
 */
export async function expectDecisionRows(
  scope: Locator,
  decision: ToolPermissionDecision,
  resolution?: ToolPermissionResolution,
): Promise<void> {
  const decisionView = scope.locator('[data-testid="decision"]');
  await decisionView.waitFor();
  for (const section of decisionSection(decision, resolution)) {
    const shown = decisionView.locator(`section[data-section="${section.title}"]`);
    expect(await shown.count(), `section ${section.title}`).toBe(1);
    for (const row of section.rows) {
      const cell = shown.locator(`dd[data-row="${row.label}"]`);
      expect(await cell.count(), `row ${row.label}`).toBe(1);
      expect(await cell.textContent(), `row ${row.label}`).toBe(row.value);
    }
  }
}

export interface PendingAsk {
  /** What the submit returned (outcome `pending`, the interaction active). */
  submitted: ToolCallState;
  /** The agent still waiting, long-polling until an answer. */
  answer: Promise<ToolCallState>;
}

/** Submits a call with `wait: 0` and keeps waiting for its answer in the background. */
export async function askAndWait(
  agent: GatehouseClient,
  sessionId: string,
  call: Omit<ToolCallInput, 'wait'>,
): Promise<PendingAsk> {
  const submitted = await agent.submit(sessionId, { ...call, wait: 0 });
  expect(submitted.outcome, `${call.tool} should ask`).toBe('pending');
  const answer = agent.waitFor(sessionId, submitted.toolCallId, {
    pollSeconds: 20,
    until: Date.now() + 90_000,
  });
  // A test that fails before the answer must not leave an unhandled rejection behind.
  answer.catch(() => {});
  return { submitted, answer };
}
