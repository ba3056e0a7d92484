import {
  type DeliverySettings,
  deliveryDefaults,
  type PermissionsConfig,
  type StepUpSetting,
  type SuggestionSettings,
  suggestionDefaults,
} from '../../shared/contract/index.ts';
import type { PushDetails } from '../../shared/push/message.ts';

/**
 * The workspace-only settings of the permissions (native dialect), with defaults for what is
 * not written: what a push carries, when it goes (docs/push.md), when a card offers a rule
 * (docs/approver-ui.md).
 */
export interface WorkspaceSettings {
  pushDetails: PushDetails;
  /** What a chat message shows (docs/chat.md): the same setting, with `call` kept. */
  chatDetails: 'none' | 'summary' | 'call';
  /** Where chat questions go: a Slack channel instead of DMs, when set. */
  chat: { slackChannel: string | null };
  delivery: DeliverySettings;
  suggestions: SuggestionSettings;
  /** Approvals that need a passkey (docs/attestation.md "Passkeys"); in force once one exists. */
  stepUp: StepUpSetting;
}

export function workspaceSettings(permissions: PermissionsConfig | null): WorkspaceSettings {
  // Native keys sit at the top of a config in any mix of dialects (shared/contract/permissions.ts).
  const own = permissions ?? {};
  return {
    pushDetails: own.pushDetails === 'none' ? 'none' : 'summary',
    chatDetails: own.pushDetails ?? 'summary',
    chat: { slackChannel: own.chat?.slackChannel ?? null },
    delivery: { ...deliveryDefaults, ...own.delivery },
    suggestions: { ...suggestionDefaults, ...own.suggestions },
    stepUp: { minRisk: own.stepUp?.minRisk ?? 'critical' },
  };
}
