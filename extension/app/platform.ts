/**
 * Whether this device needs /app on its Home Screen before it can receive push: iPhone, iPad
 * and iPod, where WebKit (every iOS browser is WebKit) offers Web Push only to a web app added
 * to the Home Screen and opened from there (iOS ≥ 16.4). Read from the user agent, which is
 * the one signal Safari gives; an iPad asking for the desktop site reports a Mac, told apart by
 * its touch screen (no Mac has one).
 */

export interface Platform {
  userAgent: string;
  /** `navigator.maxTouchPoints`. */
  maxTouchPoints: number;
  /** Opened from the Home Screen: `display-mode: standalone`, or Safari's `navigator.standalone`. */
  standalone: boolean;
}

// Windows Phone's browser said "like iPhone OS" in its user agent.
const notIos = /Windows Phone|IEMobile/;

export function isIos({ userAgent, maxTouchPoints }: Platform): boolean {
  if (notIos.test(userAgent)) return false;
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** Show the "Add to Home Screen" note: iOS, in a browser tab. */
export function needsHomeScreen(platform: Platform): boolean {
  return isIos(platform) && !platform.standalone;
}
