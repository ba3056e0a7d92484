/**
 * A function's results for the last few objects it was called with, found by identity. For data
 * derived from a shell analysis: `analyzeShell` returns the same object for the same command, so
 * every rule of a call finds what the first one derived. A WeakMap would do the same, but creating
 * and dropping an entry per command keeps the garbage collector busy on the engine's hot path.
 */
export function recentResults<Key extends object, Value>(
  derive: (key: Key) => Value,
  size: number,
): (key: Key) => Value {
  const keys: (Key | undefined)[] = new Array(size).fill(undefined);
  const values: (Value | undefined)[] = new Array(size).fill(undefined);
  let next = 0;
  let newest = 0;
  return (key) => {
    // The newest first: every rule of a call asks for what the call's command derived last. Then
    // every slot in place, with no arithmetic per slot: a new command misses in all of them.
    if (keys[newest] === key) return values[newest] as Value;
    for (let index = 0; index < size; index += 1) if (keys[index] === key) return values[index] as Value;
    const value = derive(key);
    keys[next] = key;
    values[next] = value;
    newest = next;
    next = next + 1 === size ? 0 : next + 1;
    return value;
  };
}
