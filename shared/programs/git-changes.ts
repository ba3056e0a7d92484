import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/** A git subcommand that changes the repository, the working tree or a remote (off the read-only list). */
const sub = (
  name: string,
  shorts: string,
  longs: string,
  more: Partial<ProgramEntry> = {},
): ProgramEntry => ({
  name,
  family: 'git',
  readOnly: false,
  shorts,
  // pull takes fetch's options and merge's, which share a few.
  longs: longs === '' ? [] : [...new Set(words(longs))],
  abbreviations: true,
  operands: { rest: 'text' },
  ...more,
});

const PATHSPEC = 'pathspec-from-file= pathspec-file-nul';
const SUBMODULES = 'recurse-submodules=? no-recurse-submodules';
const STASH_PUSH = `patch staged keep-index no-keep-index include-untracked no-include-untracked only-untracked all quiet message= ${PATHSPEC}`;
const MERGING =
  'commit no-commit edit no-edit cleanup= ff no-ff ff-only log=? no-log signoff no-signoff stat no-stat summary no-summary squash no-squash verify no-verify strategy= strategy-option= verify-signatures no-verify-signatures gpg-sign=? no-gpg-sign autostash no-autostash allow-unrelated-histories rerere-autoupdate no-rerere-autoupdate quiet verbose progress no-progress compact-summary abort continue quit skip';
const FETCHING =
  'all append atomic depth= deepen= shallow-since= shallow-exclude= unshallow update-shallow negotiation-tip= negotiate-only dry-run porcelain write-fetch-head no-write-fetch-head force keep multiple auto-maintenance no-auto-maintenance auto-gc no-auto-gc write-commit-graph no-write-commit-graph prefetch prune no-prune prune-tags no-tags refetch refmap= tags recurse-submodules=? no-recurse-submodules jobs= set-upstream upload-pack= quiet verbose progress no-progress server-option= show-forced-updates no-show-forced-updates ipv4 ipv6 filter= rebase=? no-rebase';

/**
 * git's subcommands that change something, with their options from git's manual pages; the
 * risk rater (shared/risk/programs/git.ts) reads pushes, forced or deleting, work thrown away
 * and files written. git takes `--opt=value` and `--opt value`, and abbreviations (unsure here).
 */
export const GIT_CHANGING_SUBCOMMANDS: readonly ProgramEntry[] = [
  sub(
    'push',
    'vq46ndfuo:',
    'all branches mirror tags follow-tags no-follow-tags atomic no-atomic dry-run porcelain delete prune force force-with-lease=? no-force-with-lease force-if-includes no-force-if-includes repo= set-upstream thin no-thin quiet verbose progress no-progress recurse-submodules= no-recurse-submodules verify no-verify ipv4 ipv6 push-option= receive-pack= exec= signed=? no-signed',
    { effects: { 'receive-pack': ['runs'], exec: ['runs'] } },
  ),
  sub(
    'commit',
    'apC:c:zF:m:t:snevqiou::S::',
    `all patch reuse-message= reedit-message= fixup= squash= reset-author short branch porcelain long null file= author= date= message= template= signoff no-signoff trailer= no-verify verify allow-empty allow-empty-message cleanup= edit no-edit amend no-post-rewrite include only untracked-files=? verbose quiet dry-run status no-status gpg-sign=? no-gpg-sign ${PATHSPEC}`,
    { effects: { F: ['reads'], file: ['reads'] } },
  ),
  sub(
    'add',
    'nvfiApeuN',
    `dry-run verbose force interactive patch edit update all no-all ignore-removal no-ignore-removal intent-to-add refresh ignore-errors ignore-missing no-warn-embedded-repo renormalize chmod= sparse ${PATHSPEC}`,
  ),
  sub(
    'reset',
    'qpN',
    `quiet soft mixed hard merge keep patch intent-to-add no-refresh refresh ${SUBMODULES} ${PATHSPEC}`,
  ),
  sub('clean', 'dfinqxXe:', 'force interactive dry-run quiet exclude='),
  sub(
    'checkout',
    'qfb:B:tldmp',
    `quiet progress no-progress force ours theirs track=? no-track guess no-guess detach orphan= ignore-skip-worktree-bits merge conflict= patch ignore-other-worktrees overwrite-ignore no-overwrite-ignore overlay no-overlay ${SUBMODULES} ${PATHSPEC}`,
  ),
  sub(
    'switch',
    'c:C:dfmqt',
    `create= force-create= detach guess no-guess force discard-changes merge conflict= quiet progress no-progress track=? no-track orphan= ignore-other-worktrees ${SUBMODULES}`,
  ),
  sub(
    'restore',
    's:pWSqm',
    `source= patch worktree staged quiet progress no-progress ours theirs merge conflict= ignore-unmerged ignore-skip-worktree-bits overlay no-overlay ${SUBMODULES} ${PATHSPEC}`,
  ),
  sub('merge', 'enqvsS::X:m:F:', `${MERGING} message= file= into-name=`),
  sub(
    'rebase',
    'iqvnfkmrs:x:X:S::C:',
    'onto= keep-base continue skip abort quit edit-todo show-current-patch apply merge empty= keep-empty no-keep-empty reapply-cherry-picks no-reapply-cherry-picks allow-empty-message strategy= strategy-option= rerere-autoupdate no-rerere-autoupdate gpg-sign=? no-gpg-sign quiet verbose stat no-stat no-verify verify force-rebase no-ff fork-point no-fork-point ignore-whitespace whitespace= committer-date-is-author-date ignore-date reset-author-date signoff interactive rebase-merges=? no-rebase-merges update-refs no-update-refs exec= root autosquash no-autosquash autostash no-autostash reschedule-failed-exec no-reschedule-failed-exec',
    { effects: { x: ['runs'], exec: ['runs'] } },
  ),
  sub(
    'cherry-pick',
    'enxrsm:S::X:',
    'edit no-edit cleanup= mainline= no-commit signoff gpg-sign=? no-gpg-sign ff allow-empty allow-empty-message empty= keep-redundant-commits strategy= strategy-option= rerere-autoupdate no-rerere-autoupdate continue skip quit abort',
  ),
  sub(
    'revert',
    'enm:sS::X:',
    'edit no-edit cleanup= mainline= no-commit gpg-sign=? no-gpg-sign signoff strategy= strategy-option= rerere-autoupdate no-rerere-autoupdate reference continue skip quit abort',
  ),
  sub('fetch', 'aqvfkmnpPtuj:o:46', FETCHING, { effects: { 'upload-pack': ['runs'] } }),
  sub('pull', 'aqvfkmnpPtuj:o:46res:S::X:', `${FETCHING} ${MERGING}`, {
    effects: { 'upload-pack': ['runs'] },
  }),
  sub(
    'clone',
    'lsqvnb:o:u:c:j:',
    'local no-hardlinks shared reference= reference-if-able= dissociate quiet verbose progress server-option= no-checkout reject-shallow no-reject-shallow bare sparse filter= also-filter-submodules mirror origin= branch= revision= upload-pack= template= config= depth= shallow-since= shallow-exclude= single-branch no-single-branch no-tags tags recurse-submodules=? shallow-submodules no-shallow-submodules remote-submodules no-remote-submodules separate-git-dir= ref-format= jobs= bundle-uri=',
    { effects: { 'upload-pack': ['runs'], u: ['runs'], c: ['runs'], config: ['runs'], template: ['runs'] } },
  ),
  sub(
    'init',
    'qb:',
    'quiet bare object-format= ref-format= template= separate-git-dir= initial-branch= shared=?',
    { effects: { template: ['runs'] } },
  ),
  sub('mv', 'fkvn', 'force dry-run verbose sparse'),
  sub('rm', 'fnqr', `force dry-run quiet cached ignore-unmatch sparse ${PATHSPEC}`),
  sub(
    'format-patch',
    'o:nNsvkpU',
    'output-directory= numbered no-numbered start-number= numbered-files keep-subject signoff stdout attach=? no-attach inline=? thread=? no-thread in-reply-to= ignore-if-in-upstream no-ignore-if-in-upstream always cover-from-description= description-file= subject-prefix= filename-max-length= rfc=? to= no-to cc= no-cc from=? force-in-body-from no-force-in-body-from add-header= cover-letter no-cover-letter encode-email-headers no-encode-email-headers interdiff= range-diff= creation-factor= notes=? no-notes signature= no-signature signature-file= suffix= quiet no-binary zero-commit base= root progress stat=? patch-with-stat',
    { counts: true, effects: { o: ['writes'], 'output-directory': ['writes'] } },
  ),
  sub(
    'archive',
    'lvo:',
    'format= list verbose prefix= add-file= add-virtual-file= output= worktree-attributes mtime= remote= exec=',
    {
      effects: { o: ['writes'], output: ['writes'], exec: ['runs'] },
    },
  ),
  sub(
    'apply',
    'pvzRC:',
    'stat numstat summary check index intent-to-add 3way ours theirs union build-fake-ancestor= reverse reject allow-binary-replacement binary unidiff-zero apply no-add exclude= include= ignore-space-change ignore-whitespace whitespace= inaccurate-eof verbose quiet recount directory= unsafe-paths allow-empty cached',
  ),
  sub(
    'am',
    'siqkcu3S::C:p:',
    'signoff keep keep-non-patch keep-cr no-keep-cr scissors no-scissors quoted-cr= empty= message-id no-message-id quiet utf8 no-utf8 3way no-3way rerere-autoupdate no-rerere-autoupdate ignore-space-change ignore-whitespace whitespace= directory= exclude= include= reject patch-format= interactive committer-date-is-author-date ignore-date skip gpg-sign=? no-gpg-sign continue resolved resolvemsg= abort quit retry show-current-patch=?',
  ),
  // `git stash` alone pushes; its two-word forms before it.
  sub('stash', 'pSkuaqm:', STASH_PUSH),
  sub('stash push', 'pSkuaqm:', STASH_PUSH),
  sub(
    'stash save',
    'pSkuaq',
    'patch staged keep-index no-keep-index include-untracked only-untracked all quiet',
  ),
  sub('stash pop', 'q', 'index quiet'),
  sub('stash apply', 'q', 'index quiet'),
  sub('stash drop', 'q', 'quiet'),
  sub('stash clear', '', ''),
  sub('stash branch', '', ''),
  sub('stash create', '', ''),
  sub('stash store', 'qm:', 'message= quiet'),
];
