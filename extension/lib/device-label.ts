/**
 * How this browser names itself when it pairs ("Chrome on Linux"): the relay records the label
 * with every answer given from here, so an approver's timeline says which device answered.
 * Read from the navigator passed in (testable), never sent anywhere else.
 */
export function deviceLabel(nav: Pick<Navigator, 'userAgent'> | undefined): string {
  const agent = nav?.userAgent ?? '';
  const browser = browsers.find(([, pattern]) => pattern.test(agent))?.[0] ?? 'Browser';
  const system = systems.find(([, pattern]) => pattern.test(agent))?.[0];
  return system ? `${browser} on ${system}` : browser;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: readonly [string, RegExp][] = [
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Chrome', /Chrom(?:e|ium)\/|CriOS\//],
  ['Safari', /Safari\//],
];

// iPhone and iPad say "like Mac OS X": they come before macOS.
const systems: readonly [string, RegExp][] = [
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];
