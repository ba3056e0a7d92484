import type { Risk } from '../../shared/contract/index.ts';
import type { InboxState } from '../ui/port.ts';

/**
 * The toolbar badge: how many sessions wait on a human, coloured by the most dangerous question
 * among them. Colours (chosen to read on light and dark toolbars, white text unless noted):
 * - critical / high → red `#C5221F`;
 * - medium → amber `#F9AB00` with near-black text (white on amber is unreadable);
 * - low / safe → blue `#1A73E8`, the neutral "something is waiting";
 * - relay unreachable → `!` on grey `#5F6368`, whatever was waiting before (it may be stale);
 * - not paired, or nothing waiting → no badge.
 */

export interface BadgeLook {
  text: string;
  background: string;
  textColor: string;
  /** The toolbar button's tooltip. */
  title: string;
}

export const badgeColors = {
  danger: '#C5221F',
  warning: '#F9AB00',
  waiting: '#1A73E8',
  unreachable: '#5F6368',
  light: '#FFFFFF',
  dark: '#202124',
} as const;

const riskOrder: readonly Risk[] = ['safe', 'low', 'medium', 'high', 'critical'];

/** The highest risk among the sessions' active questions, or null when none waits. */
export function highestRisk(sessions: InboxState['sessions']): Risk | null {
  let highest = -1;
  for (const view of sessions) {
    const risk = view.activeInteraction?.decision.risk;
    if (risk) highest = Math.max(highest, riskOrder.indexOf(risk));
  }
  return highest < 0 ? null : (riskOrder[highest] ?? null);
}

export function badgeFor(state: InboxState): BadgeLook {
  if (state.connection === 'unpaired')
    return {
      text: '',
      background: badgeColors.waiting,
      textColor: badgeColors.light,
      title: 'Gatehouse — not paired',
    };
  if (state.connection === 'unreachable')
    return {
      text: '!',
      background: badgeColors.unreachable,
      textColor: badgeColors.light,
      title: `Gatehouse — relay unreachable${state.error ? `: ${state.error}` : ''}`,
    };
  const waiting = state.sessions.filter((view) => view.activeInteraction !== null).length;
  const risk = highestRisk(state.sessions);
  const title =
    waiting === 0
      ? 'Gatehouse — nothing waiting for you'
      : `Gatehouse — ${waiting} ${waiting === 1 ? 'request' : 'requests'} waiting${risk ? ` (highest risk: ${risk})` : ''}`;
  if (risk === 'critical' || risk === 'high')
    return { text: String(waiting), background: badgeColors.danger, textColor: badgeColors.light, title };
  if (risk === 'medium')
    return { text: String(waiting), background: badgeColors.warning, textColor: badgeColors.dark, title };
  return {
    text: waiting === 0 ? '' : String(waiting),
    background: badgeColors.waiting,
    textColor: badgeColors.light,
    title,
  };
}
