/**
 * The stored key of a rule grant. Both grant tables key their rows by a NOT NULL UNIQUE key (an
 * exact call's approval key); a rule grant's is its scope and text, so the same rule saved
 * again replaces the earlier row rather than adding a second. Approval keys never start so.
 */
export const ruleGrantKey = (scope: 'session' | 'global', rule: string) => `rule:${scope}:${rule}`;
