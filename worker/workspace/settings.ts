import {
  type DeliverySettings,
  deliveryDefaults,
  type PermissionsConfig,
  permissionsDialect,
  type SuggestionSettings,
  suggestionDefaults,
} from '../../shared/contract/index.ts';
import type { PushDetails } from '../push/message.ts';

/**
 * The workspace-only settings of the permissions (native dialect), with defaults for what is
 * not written: what a push carries, when it goes (docs/push.md), when a card offers a rule
 * (docs/approver-ui.md). Other dialects have no such fields, so they get the defaults.
 */
export interface WorkspaceSettings {
  pushDetails: PushDetails;
  delivery: DeliverySettings;
  suggestions: SuggestionSettings;
}

export function workspaceSettings(permissions: PermissionsConfig | null): WorkspaceSettings {
  const native = permissions !== null && permissionsDialect(permissions) === 'native' ? permissions : null;
  const own = (native ?? {}) as {
    pushDetails?: PushDetails;
    delivery?: Partial<DeliverySettings>;
    suggestions?: Partial<SuggestionSettings>;
  };
  return {
    pushDetails: own.pushDetails === 'none' ? 'none' : 'summary',
    delivery: { ...deliveryDefaults, ...own.delivery },
    suggestions: { ...suggestionDefaults, ...own.suggestions },
  };
}
