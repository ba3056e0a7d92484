import type { ParsedProgram } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { catalogRater, has, texts } from './parsed.ts';

/**
 * Programs that change the machine itself: services, users, firewalls, power, mounts. Rated over
 * the catalog's parse (shared/programs/system.ts); only a use that provably looks is low.
 */

type Rate = (ctx: SegmentContext) => void;

const inspects: Rate = (ctx) => ctx.rating.raise('low', 'Inspects the system.');

/** A program rated the same whatever its words (its entry reads none of them as an option). */
const whatever = (name: string, rate: Rate): ProgramRater =>
  catalogRater(name, { rate: (_parsed, ctx) => rate(ctx), unsure: (_words, ctx) => rate(ctx) });

/** Low when `looks` says the parsed use only looks; else `changes`. Unread words change. */
const looksOr = (name: string, looks: (parsed: ParsedProgram) => boolean, changes: Rate): ProgramRater =>
  catalogRater(name, {
    rate: (parsed, ctx) => (looks(parsed) ? inspects(ctx) : changes(ctx)),
    unsure: (_words, ctx) => changes(ctx),
  });

const changesMachine =
  (note: string): Rate =>
  (ctx) =>
    ctx.rating.raise('high', note);

const privileged =
  (note: string): Rate =>
  (ctx) =>
    ctx.rating.raise('high', note, 'privilege_escalation');

const power: Rate = (ctx) => ctx.rating.raise('high', 'Shuts down or restarts the machine.', 'destructive');

const serviceListing =
  /^(?:status|list-units|list-unit-files|list-timers|is-active|is-enabled|is-failed|show|cat|list|print)$/;

const stops: Rate = (ctx) => ctx.rating.raise('medium', 'Stops processes.');
const users = privileged('Changes users, groups or privileges.');
const mounts = changesMachine('Changes mounted file systems.');
const firewall = changesMachine('Changes the firewall.');
const services = changesMachine('Changes system services.');

/** iptables' commands: only `-L`/`-S` (or nothing) look. */
const IPTABLES_COMMANDS = new Set([
  ...'ACDIRLSFZNXPE',
  'append',
  'check',
  'delete',
  'insert',
  'replace',
  'list',
  'list-rules',
  'flush',
  'zero',
  'new-chain',
  'delete-chain',
  'policy',
  'rename-chain',
]);
const IPTABLES_LISTING = new Set(['L', 'S', 'list', 'list-rules']);
const iptablesLooks = (parsed: ParsedProgram) =>
  parsed.options
    .filter((option) => IPTABLES_COMMANDS.has(option.name))
    .every((option) => IPTABLES_LISTING.has(option.name));

const systemctl = catalogRater('systemctl', {
  rate(parsed, ctx) {
    const verb = texts(parsed)[0];
    if (verb === 'poweroff' || verb === 'reboot' || verb === 'halt') return power(ctx);
    if (verb === undefined || serviceListing.test(verb)) return inspects(ctx);
    services(ctx);
  },
  unsure: (_words, ctx) => power(ctx),
});

const crontab = catalogRater('crontab', {
  rate(parsed, ctx) {
    if (has(parsed, 'r')) return ctx.rating.raise('high', 'Removes scheduled jobs.', 'destructive');
    if (has(parsed, 'l') && !has(parsed, 'e') && parsed.operands.length === 0) return;
    ctx.rating.raise('high', 'Installs scheduled jobs.');
  },
  unsure: (_words, ctx) => ctx.rating.raise('high', 'Installs or removes scheduled jobs.', 'destructive'),
});

/** sysctl writes with `-w`, `-p`/`-f`/`--load`/`--system` (settings files), or `key=value`. */
const sysctl = catalogRater('sysctl', {
  rate(parsed, ctx) {
    if (
      has(parsed, 'w', 'write', 'p', 'f', 'load', 'system') ||
      texts(parsed).some((word) => word.includes('='))
    ) {
      ctx.rating.raise('high', 'Changes kernel settings.');
    }
  },
  unsure: (_words, ctx) => ctx.rating.raise('high', 'Changes kernel settings.'),
});

export const systemRaters: Record<string, ProgramRater> = {
  shutdown: whatever('shutdown', power),
  reboot: whatever('reboot', power),
  halt: whatever('halt', power),
  poweroff: whatever('poweroff', power),
  init: catalogRater('init', {
    rate(parsed, ctx) {
      const level = texts(parsed)[0];
      if (level === '0' || level === '6') power(ctx);
      else ctx.rating.raise('high', 'Changes the init system.');
    },
    unsure: (_words, ctx) => power(ctx),
  }),
  systemctl,
  service: looksOr(
    'service',
    (parsed) => has(parsed, 'status-all') || parsed.operands.length === 0,
    services,
  ),
  launchctl: looksOr(
    'launchctl',
    (parsed) => parsed.operands.length === 0 || serviceListing.test(texts(parsed)[0]!),
    services,
  ),
  crontab,
  mount: whatever('mount', mounts),
  umount: whatever('umount', mounts),
  swapon: whatever('swapon', mounts),
  swapoff: whatever('swapoff', mounts),
  iptables: looksOr('iptables', iptablesLooks, firewall),
  ip6tables: looksOr('ip6tables', iptablesLooks, firewall),
  nft: looksOr(
    'nft',
    (parsed) =>
      !has(parsed, 'f', 'file', 'i', 'interactive') && [undefined, 'list'].includes(texts(parsed)[0]),
    firewall,
  ),
  ufw: looksOr('ufw', (parsed) => [undefined, 'status'].includes(texts(parsed)[0]), firewall),
  sysctl,
  kill: whatever('kill', stops),
  pkill: whatever('pkill', stops),
  killall: whatever('killall', stops),
  ...Object.fromEntries(
    [
      'useradd',
      'userdel',
      'usermod',
      'adduser',
      'deluser',
      'groupadd',
      'gpasswd',
      'passwd',
      'chpasswd',
      'visudo',
      'setcap',
    ].map((name) => [name, whatever(name, users)]),
  ),
  // The environment usually holds credentials; printing it hands them to the agent.
  printenv: whatever('printenv', (ctx) =>
    ctx.rating.raise(
      'medium',
      'Prints environment variables, which often hold credentials.',
      'secret_exposure',
    ),
  ),
  open: whatever('open', (ctx) =>
    ctx.rating.raise('medium', 'Opens a file or address with another program.'),
  ),
  'xdg-open': whatever('xdg-open', (ctx) =>
    ctx.rating.raise('medium', 'Opens a file or address with another program.'),
  ),
};
