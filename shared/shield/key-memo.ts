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
  return (key) => {
    if (key.length > LONGEST_KEY) return judge(key);
    const known = verdicts.get(key);
    if (known !== undefined || verdicts.has(key)) return known as Verdict;
    const verdict = judge(key);
    if (verdicts.size >= MOST_KEYS) verdicts.clear();
    verdicts.set(key, verdict);
    return verdict;
  };
}
