import type { Capability, DefaultPermission, Mode } from '../contract/index.ts';

export type Verdict = 'allow' | 'ask' | 'deny';
export type GatedCapability = Exclude<Capability, 'read'>;

/**
 * One dialect-free description of a permissions config: what `normalize` makes of native,
 * agenta and Claude Code settings alike. Rules are still text here; `compilePlan` parses them.
 * Every field is optional because "unset" matters when a session plan is layered on a
 * workspace plan.
 */
export interface PlanSource {
  mode?: Mode;
  default?: DefaultPermission;
  /** Rule texts by behavior, each with the config path it came from (for error messages). */
  rules: Record<Verdict, { text: string; path: string }[]>;
  tools: Record<string, Verdict>;
  /** The workspace's own word on what a tool does (`toolCapabilities`), for every agent. */
  toolCapabilities: Record<string, Capability>;
  capabilities: Partial<Record<GatedCapability, Verdict>>;
  shield?: 'ask' | 'deny' | 'off';
  timeoutSeconds?: number;
  allowedModes?: Mode[];
  agents?: { loosen?: boolean; modes?: Mode[] };
}

export const emptySource = (): PlanSource => ({
  rules: { allow: [], ask: [], deny: [] },
  tools: {},
  toolCapabilities: {},
  capabilities: {},
});
