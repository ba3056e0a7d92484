import { describe, expect, it } from 'vitest';
import { isIos, needsHomeScreen, type Platform } from '../../extension/app/platform.ts';

// /app's "Add to Home Screen" note: on iOS only, and only in a browser tab.

const ua = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iPhoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.8 Mobile/15E148 Safari/604.1',
  // An iPad asking for the desktop site, and a real Mac: the same user agent.
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  // Words that only look like a device name.
  notADevice: 'Mozilla/5.0 (X11; Linux x86_64) MyiPhoneSyncTool/2.0',
};

const on = (userAgent: string, maxTouchPoints = 5, standalone = false): Platform => ({
  userAgent,
  maxTouchPoints,
  standalone,
});

describe('needsHomeScreen', () => {
  it.each([
    ['iPhone, Safari', on(ua.iPhoneSafari)],
    ['iPhone, Chrome (WebKit too)', on(ua.iPhoneChrome)],
    ['iPhone, Firefox (WebKit too)', on(ua.iPhoneFirefox)],
    ['iPad', on(ua.iPadSafari)],
    ['iPod touch', on(ua.iPod)],
    ['iPad asking for the desktop site (a Mac with touch)', on(ua.macSafari, 5)],
  ])('shows on %s in a tab', (_name, platform) => {
    expect(isIos(platform)).toBe(true);
    expect(needsHomeScreen(platform)).toBe(true);
  });

  it.each([
    ['iPhone, opened from the Home Screen', on(ua.iPhoneSafari, 5, true)],
    ['iPad, opened from the Home Screen', on(ua.iPadSafari, 5, true)],
    ['a Mac (no touch screen)', on(ua.macSafari, 0)],
    ['Android, Chrome', on(ua.androidChrome)],
    ['Windows, Chrome', on(ua.windowsChrome, 0)],
    ['Linux, Firefox', on(ua.linuxFirefox, 0)],
    ['Windows Phone ("like iPhone OS")', on(ua.windowsPhone)],
    ['a word containing "iPhone"', on(ua.notADevice, 0)],
    ['an empty user agent', on('', 0)],
  ])('does not show on %s', (_name, platform) => {
    expect(needsHomeScreen(platform)).toBe(false);
  });
});
