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
  return (key) => {
    // Newest first: every rule of a call asks for what the call's command derived last.
    for (let back = 1; back <= size; back += 1) {
      const index = (next - back + size) % size;
      if (keys[index] === key) return values[index] as Value;
    }
    const value = derive(key);
    keys[next] = key;
    values[next] = value;
    next = (next + 1) % size;
    return value;
  };
}
