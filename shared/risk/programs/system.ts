import { hasFlag, operands } from '../args.ts';
import type { ProgramRater } from '../context.ts';

/** Programs that change the machine itself: services, users, firewalls, power, mounts. */

const changesMachine =
  (note: string, listing: RegExp | undefined = undefined): ProgramRater =>
  (args, ctx) => {
    if (listing && (args.length === 0 || args.some((arg) => listing.test(arg)))) {
      ctx.rating.raise('low', 'Inspects the system.');
      return;
    }
    ctx.rating.raise('high', note);
  };

const privileged =
  (note: string): ProgramRater =>
  (_args, ctx) =>
    ctx.rating.raise('high', note, 'privilege_escalation');

const power: ProgramRater = (_args, ctx) =>
  ctx.rating.raise('high', 'Shuts down or restarts the machine.', 'destructive');

const services = changesMachine(
  'Changes system services.',
  /^(?:status|list-units|list-unit-files|list-timers|is-active|is-enabled|is-failed|show|cat|list|print)$/,
);

export const systemRaters: Record<string, ProgramRater> = {
  shutdown: power,
  reboot: power,
  halt: power,
  poweroff: power,
  init: (args, ctx) => {
    if (args[0] === '0' || args[0] === '6') power(args, ctx);
    else ctx.rating.raise('high', 'Changes the init system.');
  },
  systemctl: (args, ctx) => {
    const verb = operands(args)[0];
    if (verb === 'poweroff' || verb === 'reboot' || verb === 'halt') return power(args, ctx);
    services(verb === undefined ? [] : [verb], ctx);
  },
  service: changesMachine('Changes system services.', /^--status-all$/),
  launchctl: services,
  crontab: (args, ctx) => {
    if (hasFlag(args, 'l')) return;
    if (hasFlag(args, 'r')) ctx.rating.raise('high', 'Removes scheduled jobs.', 'destructive');
    else ctx.rating.raise('high', 'Installs scheduled jobs.');
  },
  mount: changesMachine('Changes mounted file systems.'),
  umount: changesMachine('Changes mounted file systems.'),
  swapon: changesMachine('Changes mounted file systems.'),
  swapoff: changesMachine('Changes mounted file systems.'),
  iptables: changesMachine('Changes the firewall.', /^-(?:L|S|-list|-list-rules)$/),
  ip6tables: changesMachine('Changes the firewall.', /^-(?:L|S|-list|-list-rules)$/),
  nft: changesMachine('Changes the firewall.', /^list$/),
  ufw: changesMachine('Changes the firewall.', /^status$/),
  sysctl: (args, ctx) => {
    if (hasFlag(args, 'w', ['--write', '--load']) || args.some((arg) => /^[\w.]+=/.test(arg))) {
      ctx.rating.raise('high', 'Changes kernel settings.');
    }
  },
  kill: (_args, ctx) => ctx.rating.raise('medium', 'Stops processes.'),
  pkill: (_args, ctx) => ctx.rating.raise('medium', 'Stops processes.'),
  killall: (_args, ctx) => ctx.rating.raise('medium', 'Stops processes.'),
  useradd: privileged('Changes users, groups or privileges.'),
  userdel: privileged('Changes users, groups or privileges.'),
  usermod: privileged('Changes users, groups or privileges.'),
  adduser: privileged('Changes users, groups or privileges.'),
  deluser: privileged('Changes users, groups or privileges.'),
  groupadd: privileged('Changes users, groups or privileges.'),
  gpasswd: privileged('Changes users, groups or privileges.'),
  passwd: privileged('Changes users, groups or privileges.'),
  chpasswd: privileged('Changes users, groups or privileges.'),
  visudo: privileged('Changes users, groups or privileges.'),
  setcap: privileged('Changes users, groups or privileges.'),
  // The environment usually holds credentials; printing it hands them to the agent.
  printenv: (_args, ctx) =>
    ctx.rating.raise(
      'medium',
      'Prints environment variables, which often hold credentials.',
      'secret_exposure',
    ),
  open: (_args, ctx) => ctx.rating.raise('medium', 'Opens a file or address with another program.'),
  'xdg-open': (_args, ctx) => ctx.rating.raise('medium', 'Opens a file or address with another program.'),
};
