import { copyFileSync, cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * /app, built as Workers Static Assets. Its source lives with the extension (one approver UI,
 * docs/approver-ui.md); what it builds is the Worker's, in the assets directory `worker/app/dist`
 * (wrangler.toml). The app goes to `dist/app/` so it is served under `/app/`, and `_headers` to
 * the directory's root, the one place Workers Static Assets reads it from.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const assetsDir = here('../../worker/app/dist');

/** Copies public/_headers to the assets root after the build (vite's publicDir would put it under /app/). */
function assetHeaders(): Plugin {
  return {
    name: 'gatehouse-asset-headers',
    apply: 'build',
    closeBundle() {
      copyFileSync(here('./public/_headers'), `${assetsDir}/_headers`);
      // The installable app's manifest and icons (scripts/icons.ts draws them), at the fixed
      // names the manifest and the page point at: /app/icons/<file> is extension/app/icons/<file>.
      copyFileSync(here('./manifest.webmanifest'), `${assetsDir}/app/manifest.webmanifest`);
      cpSync(here('./icons'), `${assetsDir}/app/icons`, { recursive: true });
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/app/',
  publicDir: false,
  plugins: [assetHeaders()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: `${assetsDir}/app`,
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or data: URLs for code: the CSP allows scripts from 'self' only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The service worker at a fixed name under /app/, so its scope is the app; the page as usual.
    rollupOptions: {
      input: { main: here('./index.html'), sw: here('./sw.ts') },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
});
