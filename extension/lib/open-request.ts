import { browser } from 'wxt/browser';
import { extensionUrl } from './extension-url.ts';
import { type Toolbar, toolbar } from './toolbar.ts';

/** The popup's page, as built by WXT from `entrypoints/popup/`. */
export const popupPage = 'popup.html';

/**
 * Shows one session's request, e.g. when its notification is clicked: the toolbar popup where
 * the browser can open it from here (Chrome 127+, with a focused window), pointed at the session
 * for that one opening; otherwise the same page in a small window of its own.
 */
export async function openRequest(sessionId: string, target: Toolbar = toolbar()): Promise<void> {
  const page = `${popupPage}?session=${encodeURIComponent(sessionId)}`;
  if (target.openPopup && target.setPopup) {
    try {
      await target.setPopup({ popup: page });
      await target.openPopup();
      return;
    } catch {
      // No focused browser window, or not allowed here: fall through to a window.
    } finally {
      await target.setPopup({ popup: popupPage });
    }
  }
  await browser.windows.create({
    url: extensionUrl(`/${page}`),
    type: 'popup',
    width: 400,
    height: 640,
    focused: true,
  });
}
