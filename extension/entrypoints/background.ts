import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../lib/background-service.ts';

export default defineBackground(() => {
  // Firefox alone has getBrowserInfo; its notifications have no buttons.
  const firefox = typeof (browser.runtime as { getBrowserInfo?: unknown }).getBrowserInfo === 'function';
  startBackground({ notificationButtons: !firefox });
});
