import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Programs that change the machine itself: services, firewalls, kernel settings, disks, users,
 * power (off the read-only list). The rater (shared/risk/programs/system.ts, files.ts for disks)
 * reads the few words that make a use only look (`systemctl status`, `iptables -L`, `fdisk -l`).
 */
const entry = (
  name: string,
  shorts: string,
  longs: string,
  more: Partial<ProgramEntry> = {},
): ProgramEntry => ({
  name,
  family: 'system',
  readOnly: false,
  shorts,
  longs: longs === '' ? [] : words(longs),
  operands: { rest: 'text' },
  does: ['system'],
  ...more,
});

/** A program rated the same whatever its words: none of them is read as an option. */
const whatever = (name: string): ProgramEntry =>
  entry(name, '', '', { freeform: true, note: 'rated the same whatever its words' });

const IPTABLES = (name: string): ProgramEntry =>
  entry(
    name,
    'A:C:D:I:R:L::S::F::Z::N:X::P:E:hp:s:d:i:o:j:g:m:fvnxc:t:w::W:46',
    'append= check= delete= insert= replace= list=? list-rules=? flush=? zero=? new-chain= delete-chain=? policy= rename-chain= help protocol= source= destination= in-interface= out-interface= jump= goto= match= fragment verbose numeric exact line-numbers modprobe= set-counters= table= wait=? wait-interval= ipv4 ipv6 dport= sport= dports= sports= state= ctstate= to-destination= to-source= to-ports= comment= reject-with= log-prefix= version',
    { note: "a match module's own options beyond the common ones (`--dport`, `--state`…) are not read" },
  );

export const SYSTEM_PROGRAMS: readonly ProgramEntry[] = [
  ...['shutdown', 'reboot', 'halt', 'poweroff', 'init', 'mount', 'umount', 'swapon', 'swapoff'].map(whatever),
  ...['kill', 'pkill', 'killall', 'printenv', 'open', 'xdg-open'].map(whatever),
  ...[
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
  ].map(whatever),
  entry(
    'systemctl',
    'ahlqrfiTt:p:P:H:M:n:o:s:',
    'all type= state= property= value full recursive quiet no-block user system host= machine= lines= output= now force ignore-inhibitors check-inhibitors= signal= no-pager no-legend legend=? plain show-types job-mode= kill-whom= kill-value= root= runtime global failed reverse after before dry-run wait no-ask-password no-reload no-warn preset-mode= firmware-setup boot-loader-menu= boot-loader-entry= reboot-argument= message= timestamp= mkdir marked read-only help version',
    // The verb, then its units or arguments.
    { operands: { positions: ['text'], rest: 'text' } },
  ),
  entry('service', '', 'status-all help version full-restart', { permute: false }),
  entry('launchctl', '', '', { permute: false }),
  entry('crontab', 'lreiTscu:n:', '', { operands: { rest: 'reads' } }),
  IPTABLES('iptables'),
  IPTABLES('ip6tables'),
  entry(
    'nft',
    'acd:ef:hiI:jnNsStTuvy',
    'handle check debug= echo file= help interactive includepath= json numeric reversedns stateless service terse numeric-time numeric-protocol version version-long define= optimize',
    { permute: false, effects: { f: ['reads'], file: ['reads'] } },
  ),
  entry('ufw', '', 'dry-run force version help', { permute: false }),
  entry(
    'sysctl',
    'abeNnqwAXoxhVdp::f::r:',
    'all binary ignore names values load=? quiet write pattern= system deprecated dry-run help version',
  ),
  // Disks: formatting and partitioning.
  ...['mkfs', 'mke2fs', 'mkswap', 'wipefs', 'cfdisk', 'sgdisk'].map(whatever),
  entry(
    'fdisk',
    'lxhVsnBb:c::C:H:L::o:S:t:u::w:W:',
    'list list-details help version output= type= units=? sector-size= color=? wipe= wipe-partitions= noauto-pt protect-boot getsz bytes compatibility=? lock=? cylinders= heads= sectors=',
  ),
  entry(
    'sfdisk',
    'aAbcdfFgJlnqrsTvVhN:o:O:X:Y:w:W:',
    'list list-free dump json show-size show-geometry help version no-act force quiet label= label-nested= wipe= wipe-partitions= backup backup-file= move-data=? no-reread no-tell-kernel color=? lock=? append activate delete part-type part-uuid part-label part-attrs disk-id relocate reorder sector-size= verify',
  ),
  entry('parted', 'hlmsfvja:', 'help list machine json script fix version align=', { permute: false }),
  entry('gdisk', 'l', ''),
];
