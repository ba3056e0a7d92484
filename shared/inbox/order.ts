import { Risk, type SessionView } from '../contract/index.ts';

const riskRank = (view: SessionView) => Risk.options.indexOf(view.activeInteraction?.decision.risk ?? 'safe');
const waitingSince = (view: SessionView) => view.activeInteraction?.createdAt ?? view.updatedAt;

/** The inbox order: the most dangerous question first, then the one waiting longest. */
export function byUrgency(views: readonly SessionView[]): SessionView[] {
  return [...views].sort(
    (a, b) => riskRank(b) - riskRank(a) || waitingSince(a).localeCompare(waitingSince(b)),
  );
}

/** A session belongs in the inbox while a human question is active in it. */
export const isPending = (view: SessionView) => view.activeInteraction !== null;
