import { browser } from 'wxt/browser';

/**
 * The approval dock is a content script registered at runtime, and only while the user wants it
 * and has granted access to http(s) pages. Nothing is injected anywhere by default, and the
 * manifest asks for no broad host permission.
 */

export const dockScriptId = 'gatehouse-dock';
/** Where WXT builds `entrypoints/dock.content/`. */
export const dockScriptFile = 'content-scripts/dock.js';
/** The pages the dock may appear in; requested (optional host permissions) when the user turns it on. */
export const dockOrigins = ['http://*/*', 'https://*/*'];

/**
 * Makes the registration match the setting: registered when enabled and permitted, otherwise
 * not. Runs at every background start too, because browsers differ in whether runtime-registered
 * scripts outlive a restart. Answers whether the dock is now on.
 */
export async function reconcileDock(enabled: boolean): Promise<boolean> {
  const permitted = enabled && (await browser.permissions.contains({ origins: dockOrigins }));
  const registered = await browser.scripting.getRegisteredContentScripts({ ids: [dockScriptId] });
  if (permitted && registered.length === 0) {
    await browser.scripting.registerContentScripts([
      {
        id: dockScriptId,
        js: [dockScriptFile],
        matches: dockOrigins,
        runAt: 'document_idle',
        allFrames: false,
      },
    ]);
  } else if (!permitted && registered.length > 0) {
    await browser.scripting.unregisterContentScripts({ ids: [dockScriptId] });
  }
  return permitted;
}
