/** Keys longer than this are judged afresh every time: real field names are short. */
const LONGEST_KEY = 64;
/** At most this many keys are remembered; past it the memo starts over, so odd inputs cannot grow it. */
const MOST_KEYS = 512;

/**
 * `judge` remembered for the object keys it has seen. Tool inputs use the same few field names
 * call after call (`command`, `description`, `file_path`), and every key is checked by a few
 * regular expressions each time; a key's verdict depends on nothing but the key.
 */
export function rememberedForKeys<Verdict>(judge: (key: string) => Verdict): (key: string) => Verdict {
  const verdicts = new Map<string, Verdict>();
  // The last few keys asked about, compared directly before the Map is asked: an input's field
  // names are the same strings call after call, which compare at once, and a Map lookup hashes
  // and probes for each one.
  const recentKeys = new Array<string>(RECENT_KEYS);
  const recentVerdicts = new Array<Verdict>(RECENT_KEYS);
  let filled = 0;
  let next = 0;
  return (key) => {
    for (let slot = 0; slot < filled; slot += 1) {
      if (recentKeys[slot] === key) return recentVerdicts[slot]!;
    }
    if (key.length > LONGEST_KEY) return judge(key);
    let verdict = verdicts.get(key);
    if (verdict === undefined && !verdicts.has(key)) {
      verdict = judge(key);
      if (verdicts.size >= MOST_KEYS) verdicts.clear();
      verdicts.set(key, verdict);
    }
    recentKeys[next] = key;
    recentVerdicts[next] = verdict as Verdict;
    next = (next + 1) % RECENT_KEYS;
    if (filled < RECENT_KEYS) filled += 1;
    return verdict as Verdict;
  };
}

/** How many of the last keys are compared directly: more than most inputs have fields. */
const RECENT_KEYS = 8;
