import type { PasskeyList, StepUpLevel } from '../../shared/contract/index.ts';
import { noPasskeys, standingOf } from '../ui/passkeys/standing.ts';
import type { PasskeyStanding, PortResult } from '../ui/port.ts';

/**
 * The background's knowledge of the workspace's passkeys: listed when the inbox connects and
 * after every change made through the extension, pushed with the inbox so the pages, the dock
 * and the notifications know which approvals need a passkey. Until it is known, the dock and
 * the notifications assume the default step-up (`critical`): fail closed.
 */
export interface StandingWatch {
  current(): PasskeyStanding | undefined;
  /** Lists again (one listing at a time). */
  refresh(): Promise<void>;
  /** Takes a list fetched for a page. */
  take(list: PasskeyList): void;
  /** The standing once a listing under way has ended, waiting at most `waitMs`. */
  settled(): Promise<PasskeyStanding | undefined>;
  /** Forgets it (the pairing ended). */
  clear(): void;
}

const waitMs = 3000;

export function standingWatch(options: {
  list(): Promise<PortResult<PasskeyList>> | null;
  onChange(standing: PasskeyStanding | undefined): void;
}): StandingWatch {
  let current: PasskeyStanding | undefined;
  let listing: Promise<void> | null = null;
  // A listing started before a `clear()` must not bring back the old relay's standing.
  let generation = 0;

  function set(next: PasskeyStanding | undefined): void {
    const same =
      next === current ||
      (next &&
        current &&
        next.level === current.level &&
        next.setting === current.setting &&
        next.count === current.count);
    current = next;
    if (!same) options.onChange(next);
  }

  return {
    current: () => current,
    refresh() {
      if (listing) return listing;
      const asked = options.list();
      if (!asked) return Promise.resolve();
      const mine = generation;
      listing = asked
        .then((result) => {
          if (mine !== generation) return;
          // A relay from before passkeys has no such route: it never asks for one.
          if (result.ok) set(standingOf(result.value));
          else if (result.refusal === 'not_found') set(noPasskeys);
        })
        // A listing that failed outright leaves what was known (or unknown: fail closed).
        .catch(() => undefined)
        .finally(() => {
          listing = null;
        });
      return listing;
    },
    take(list) {
      set(standingOf(list));
    },
    async settled() {
      if (listing)
        await Promise.race([listing, new Promise((done) => setTimeout(done, waitMs))]).catch(() => undefined);
      return current;
    },
    clear() {
      generation++;
      set(undefined);
    },
  };
}

/** The level the dock and the notifications go by: the known one, else the default (fail closed). */
export const assumedLevel = (standing: PasskeyStanding | undefined): StepUpLevel =>
  standing?.level ?? 'critical';
