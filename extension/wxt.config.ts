import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';

/**
 * The Gatehouse approver extension. Chrome gets MV3 (a service worker), Firefox MV2 (an event
 * page), which is why permissions are spelled per manifest version below.
 *
 * Nothing here grants access to a website at install time:
 * - the relay's origin is an optional host permission, requested by the options page when the
 *   user presses Pair (a user gesture), for that one origin;
 * - the approval dock is a content script registered at runtime (`scripting`) only after the user
 *   turns it on and grants http/https access; it stays off by default.
 */
const relayOrigins = ['http://*/*', 'https://*/*'];

export default defineConfig({
  imports: false,
  manifest: ({ manifestVersion }) => ({
    name: 'Gatehouse',
    version: '0.1.0',
    description:
      'Approve or deny what your AI agents ask to run: the Gatehouse relay’s questions, with why each was asked.',
    permissions: ['storage', 'alarms', 'notifications', 'scripting'],
    // MV2 has no optional host permissions: origins go into optional_permissions there.
    ...(manifestVersion === 3
      ? { optional_host_permissions: relayOrigins }
      : { optional_permissions: relayOrigins }),
    action: { default_title: 'Gatehouse' },
    browser_specific_settings: {
      gecko: {
        id: 'approver@gatehouse.extension',
        // Gatehouse sends the questions' content only to the relay the user paired with.
        data_collection_permissions: { required: ['none'] },
      },
    },
  }),
  zip: {
    name: 'gatehouse',
    artifactTemplate: '{{name}}-{{version}}-{{browser}}.zip',
    sourcesTemplate: '{{name}}-{{version}}-sources.zip',
    // The extension imports the shared contract and the SDK from the repository root (resolved
    // here: a relative path would be taken from wherever the command runs).
    sourcesRoot: fileURLToPath(new URL('..', import.meta.url)),
    includeSources: [
      'extension/**',
      'shared/**',
      'client/sdk/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
    ],
    excludeSources: ['extension/.output/**', 'extension/.wxt/**'],
  },
});
