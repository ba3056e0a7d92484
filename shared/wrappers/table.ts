import type { Wrapper } from './types.ts';

/**
 * Programs that run another command, one entry each, saying how that command is found in their
 * argv (types.ts explains the fields). Shells, `eval`, `source`, `find` and git, whose commands
 * are found by rules of their own, are in `special.ts`. Adding a wrapper is one entry here and a
 * row of its spellings in test/unit/wrappers.test.ts.
 */
export const wrappers: Readonly<Record<string, Wrapper>> = {
  // Privilege and identity.
  sudo: {
    options:
      '-A --askpass -b --background -B --bell -C= --close-from= -D= --chdir= -E --preserve-env=? ' +
      '-e --edit -g= --group= -H --set-home -h=? --host= --help -i --login -K --remove-timestamp ' +
      '-k --reset-timestamp -l --list -N --no-update -n --non-interactive -P --preserve-groups ' +
      '-p= --prompt= -R= --chroot= -r= --role= -S --stdin -s --shell -T= --command-timeout= ' +
      '-t= --type= -U= --other-user= -u= --user= -V --version -v --validate',
    assignments: true,
    command: 'argv',
    idleOptions: [
      '-e',
      '--edit',
      '-l',
      '--list',
      '-v',
      '--validate',
      '-K',
      '--remove-timestamp',
      '-V',
      '--version',
      '--help',
    ],
    shellOptions: ['-s', '--shell', '-i', '--login'],
  },
  doas: {
    options: '-a= -C= -L -n -S -s -u=',
    command: 'argv',
    idleOptions: ['-C', '-L'],
    shellOptions: ['-s', '-S'],
  },
  pkexec: {
    options: '--user= --disable-internal-agent --keep-cwd --help --version',
    command: 'argv',
    bareShell: 'always',
  },
  run0: {
    options:
      '-u= --user= -g= --group= -D= --chdir= --setenv= --nice= --unit= --property= --description= ' +
      '--slice= --slice-inherit --background= --pty --pipe --machine= --no-ask-password -h --help --version',
    command: 'argv',
    bareShell: 'always',
  },
  su: {
    options:
      '- -c= --command= -C= --session-command= -f --fast -g= --group= -G= --supp-group= -l --login ' +
      '-m -p --preserve-environment -P --pty -s= --shell= -w= --whitelist-environment= -h --help -V --version',
    operands: 1,
    permute: true,
    command: 'shell',
    scriptOptions: ['-c', '--command', '-C', '--session-command'],
    bareShell: 'always',
  },
  runuser: {
    options:
      '- -c= --command= -C= --session-command= -f --fast -g= --group= -G= --supp-group= -l --login ' +
      '-m -p --preserve-environment -P --pty -s= --shell= -u= --user= -w= --whitelist-environment= ' +
      '-h --help -V --version',
    operands: 1,
    permute: true,
    command: 'shell',
    scriptOptions: ['-c', '--command', '-C', '--session-command'],
    argvOptions: ['-u', '--user'],
    bareShell: 'always',
  },
  sg: { options: '-', operands: 1, command: 'joined', scriptOptions: ['-c'], bareShell: 'always' },
  newgrp: { options: '-', command: 'stdin' },
  gosu: { options: '-h --help -v --version', operands: 1, command: 'argv' },
  'su-exec': { options: '', operands: 1, command: 'argv' },
  setpriv: {
    options:
      '-d --dump --nnp --no-new-privs --inh-caps= --ambient-caps= --bounding-set= --ruid= --euid= ' +
      '--rgid= --egid= --reuid= --regid= --clear-groups --keep-groups --init-groups --groups= ' +
      '--securebits= --pdeathsig= --selinux-label= --apparmor-profile= --landlock-access= ' +
      '--landlock-rule= --reset-env -h --help -V --version',
    command: 'argv',
  },
  fakeroot: {
    options: '-l= --lib= --faked= -s= -i= -u --unknown-is-real -b= -h --help -v --version',
    command: 'argv',
    bareShell: 'always',
  },
  sshpass: { options: '-p= -f= -d= -e -P= -v -h -V', command: 'argv' },

  // Environment, scheduling and limits.
  env: {
    options:
      '-i --ignore-environment - -0 --null -u= --unset= -C= --chdir= -S= --split-string= -v --debug ' +
      '--ignore-signal=? --default-signal=? --block-signal=? --list-signal-handling --help --version',
    assignments: true,
    command: 'argv',
    splitOptions: ['-S', '--split-string'],
  },
  nice: { options: '-n= --adjustment= --help --version', numericOptions: true, command: 'argv' },
  ionice: {
    options:
      '-c= --class= -n= --classdata= -p= --pid= -P= --pgid= -u= --uid= -t --ignore -h --help -V --version',
    command: 'argv',
    idleOptions: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'],
  },
  chrt: {
    options:
      '-a --all-tasks -b --batch -d --deadline -e --ext -f --fifo -i --idle -o --other -r --rr ' +
      '-R --reset-on-fork -T= --sched-runtime= -P= --sched-period= -D= --sched-deadline= -p --pid ' +
      '-m --max -v --verbose -h --help -V --version',
    operands: 1,
    command: 'argv',
    idleOptions: ['-p', '--pid', '-m', '--max'],
  },
  taskset: {
    options: '-a --all-tasks -p --pid -c --cpu-list -h --help -V --version',
    operands: 1,
    command: 'argv',
    idleOptions: ['-p', '--pid'],
  },
  timeout: {
    options: '-k= --kill-after= -s= --signal= -v --verbose --foreground --preserve-status --help --version',
    operands: 1,
    command: 'argv',
  },
  stdbuf: { options: '-i= --input= -o= --output= -e= --error= --help --version', command: 'argv' },
  prlimit: {
    options:
      '-p= --pid= -o= --output= --noheadings --raw --verbose -h --help -V --version ' +
      '-c=? --core=? -d=? --data=? -e=? --nice=? -f=? --fsize=? -i=? --sigpending=? -l=? --memlock=? ' +
      '-m=? --rss=? -n=? --nofile=? -q=? --msgqueue=? -r=? --rtprio=? -s=? --stack=? -t=? --cpu=? ' +
      '-u=? --nproc=? -v=? --as=? -x=? --locks=? -y=? --rttime=?',
    command: 'argv',
    idleOptions: ['-p', '--pid'],
  },
  flock: {
    options:
      '-s --shared -x -e --exclusive -u --unlock -n --nb --nonblock -w= --wait= --timeout= ' +
      '-E= --conflict-exit-code= -o --close -F --no-fork -c= --command= --verbose -h --help -V --version',
    operands: 1,
    command: 'argv',
    scriptOptions: ['-c', '--command'],
  },
  nohup: { options: '--help --version', command: 'argv' },
  setsid: { options: '-c --ctty -f --fork -w --wait -h --help -V --version', command: 'argv' },
  caffeinate: { options: '-d -i -m -s -u -t= -w=', command: 'argv' },
  unbuffer: { options: '-p', command: 'argv' },

  // Namespaces and sandboxes.
  chroot: {
    options: '--userspec= --groups= --skip-chdir --help --version',
    operands: 1,
    command: 'argv',
    bareShell: 'always',
  },
  unshare: {
    options:
      '-m=? --mount=? -u=? --uts=? -i=? --ipc=? -n=? --net=? -p=? --pid=? -U=? --user=? -C=? ' +
      '--cgroup=? -T=? --time=? -f --fork --kill-child=? --mount-proc=? -r --map-root-user ' +
      '-c --map-current-user --map-user= --map-group= --map-users= --map-groups= --map-auto ' +
      '--propagation= --setgroups= -R= --root= -w= --wd= -S= --setuid= -G= --setgid= --monotonic= ' +
      '--boottime= --load-interp= --keep-caps -h --help -V --version',
    command: 'argv',
    bareShell: 'always',
  },
  nsenter: {
    options:
      '-a --all -t= --target= -m=? --mount=? -u=? --uts=? -i=? --ipc=? -n=? --net=? -p=? --pid=? ' +
      '-C=? --cgroup=? -U=? --user=? -T=? --time=? --user-parent -S= --setuid= -G= --setgid= ' +
      '--preserve-credentials -r=? --root=? -w=? --wd=? -W= --wdns= -e --env -F --no-fork ' +
      '-Z --follow-context -c --join-cgroup -h --help -V --version',
    command: 'argv',
    bareShell: 'always',
  },
  firejail: {
    options:
      '--noprofile --profile= --private=? --net= --noroot --quiet --seccomp=? --caps.drop= ' +
      '--whitelist= --blacklist= --read-only= --read-write= --x11=? --nosound --nodbus --apparmor ' +
      '--overlay --overlay-tmpfs --debug --ignore= --env= --name= --join= --shell= --rlimit-nofile= ' +
      '--timeout= --dns= --hostname= --netfilter=? --ipc-namespace --machine-id --novideo --no3d ' +
      '--nogroups --nonewprivs --nou2f --noinput --private-tmp --private-dev --private-etc=? ' +
      '--private-bin= --private-home= --tmpfs= --mkdir= --mkfile= --allusers --appimage --cpu= ' +
      '--nice= --trace=? --tracelog --help --version',
    command: 'argv',
    bareShell: 'always',
  },
  'systemd-run': {
    options:
      '-u= --unit= -p= --property= --description= --slice= --slice-inherit -r --remain-after-exit ' +
      '--send-sighup --service-type= --uid= --gid= --nice= --working-directory= -d --same-dir ' +
      '-E= --setenv= -t --pty -P --pipe -q --quiet --on-active= --on-boot= --on-startup= ' +
      '--on-unit-active= --on-unit-inactive= --on-calendar= --on-clock-change --on-timezone-change ' +
      '--path-property= --socket-property= --timer-property= -G --collect --user --system --scope ' +
      '-H= --host= -M= --machine= --no-block --wait --no-ask-password -S --shell --job-mode= ' +
      '--ignore-failure --background= --json= -h --help --version',
    command: 'argv',
    shellOptions: ['-S', '--shell'],
  },
  torsocks: {
    options:
      '-u= --user= -p= --pass= -a= --address= -P= --port= -i --isolate -d --debug -q --quiet --shell --version -h --help',
    command: 'argv',
    shellOptions: ['--shell'],
  },
  proxychains: { options: '-f= -q', command: 'argv' },
  proxychains4: { options: '-f= -q', command: 'argv' },

  // Tracing and timing.
  strace: {
    options:
      '-f -ff -F -c -C -d -D -DD -DDD -h -i -k -n -N -q -qq -r -t -tt -ttt -T -v -V -w -x -xx -y -yy ' +
      '-z -Z -a= -b= -e= -E= -I= -o= -O= -p= -P= -s= -S= -u= -X= -U= ' +
      '--follow-forks --output-separately --output= --trace= --signal= --status= --env= --user= ' +
      '--attach= --string-limit= --columns= --summary-only --summary --summary-wall-clock ' +
      '--seccomp-bpf --decode-fds=? --decode-pids=? --absolute-timestamps=? --relative-timestamps=? ' +
      '--syscall-times=? --timestamps=? --instruction-pointer --stack-trace --no-abbrev --verbose=? ' +
      '--raw=? --read=? --write=? --quiet=? --daemonize=? --detach-on= --successful-only ' +
      '--failed-only --strings-in-hex=? --const-print-style= --fault= --inject= --kvm= --path= ' +
      '--tips=? --help --version',
    command: 'argv',
  },
  ltrace: {
    options:
      '-a= -A= -b -c -C --demangle -D= -e= -f -F= -h --help -i -l= --library= -L -n= --indent= ' +
      '-o= --output= -p= -r -s= -S -t -tt -ttt -T -u= -V --version -w= --where= -x=',
    command: 'argv',
  },
  time: {
    options:
      '-p --portability -f= --format= -o= --output= -a --append -v --verbose -q --quiet --help -V --version',
    command: 'argv',
  },

  // Shell builtins that run their arguments.
  command: { options: '-p -v -V', command: 'argv', idleOptions: ['-v', '-V'] },
  builtin: { options: '', command: 'argv' },
  exec: { options: '-a= -c -l', command: 'argv' },
  busybox: {
    options: '--list --list-full --install -s --help',
    command: 'argv',
    idleOptions: ['--list', '--list-full', '--install', '--help'],
  },

  // Commands for every input, or later.
  xargs: {
    options:
      '-0 --null -a= --arg-file= -d= --delimiter= -E= -e=? --eof=? -I= --replace=? -i=? -L= ' +
      '--max-lines=? -l=? -n= --max-args= -o --open-tty -P= --max-procs= -p --interactive ' +
      '--process-slot-var= -r --no-run-if-empty -s= --max-chars= --show-limits -t --verbose ' +
      '-x --exit --help --version',
    command: 'argv',
  },
  parallel: {
    options:
      '-j= --jobs= -P= --max-procs= -k --keep-order -q --quote -a= --arg-file= -d= --delimiter= ' +
      '-0 --null -I= -n= --max-args= -N= -L= --max-lines= -X -m --xargs --colsep= -C= --tag ' +
      '--tagstring= --line-buffer --lb --group -u --ungroup --halt= --retries= --timeout= --delay= ' +
      '--joblog= --results= --res= --bar --progress --eta --dry-run --dryrun -v --verbose -t ' +
      '--will-cite --citation --nice= --shuf --workdir= --wd= --env= --tmpdir= -S= --sshlogin= ' +
      '--sshloginfile= --slf= --trc= --transfer --return= --cleanup --pipe --block= --recstart= ' +
      '--recend= --header= --no-notice -r --no-run-if-empty --help --version',
    command: 'joined',
    terminators: [':::', '::::', ':::+', '::::+'],
    // With no command, each line of stdin is one.
    bareShell: 'always',
  },
  watch: {
    options:
      '-b --beep -c --color -C --no-color -d=? --differences=? -e --errexit -g --chgexit -n= ' +
      '--interval= -p --precise -q= --equexit= -r --no-rerun -s= --shotsdir= -t --no-title ' +
      '-w --no-wrap -x --exec -h --help -v --version',
    command: 'joined',
    argvOptions: ['-x', '--exec'],
  },
  script: {
    options:
      '-a --append -c= --command= -E= --echo= -e --return -f --flush --force -B= --log-io= ' +
      '-I= --log-in= -O= --log-out= -T= --log-timing= -m= --logging-format= -o= --output-limit= ' +
      '-q --quiet -t=? --timing=? -h --help -V --version',
    command: 'stdin',
    scriptOptions: ['-c', '--command'],
  },
  at: {
    options: '-V -q= -f= -m -M -l -d -r -v -c -b -t=',
    command: 'stdin',
    fileOptions: ['-f'],
    idleOptions: ['-l', '-d', '-r', '-c'],
  },
  batch: { options: '-V -q= -f= -m -M -v', command: 'stdin', fileOptions: ['-f'] },
};
