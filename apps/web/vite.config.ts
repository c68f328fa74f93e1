import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const filterDropdownStub = '\0antd-table-filter-dropdown';

/**
 * Ant Design's table imports its column filter's dropdown (a tree, a radio group, a menu, a search box) statically,
 * about 15 KB gzip on every list's first screen, though no list of ours has antd column filters (issue 60). The
 * table gets a stand-in that loads the real dropdown only where a column has filters, showing its title till then.
 */
function lazyTableFilterDropdown(): Plugin {
  const real = createRequire(import.meta.url).resolve('antd/es/table/hooks/useFilter/FilterDropdown.js');
  return {
    name: 'lazy-table-filter-dropdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './FilterDropdown' &&
        importer?.replaceAll('\\', '/').endsWith('antd/es/table/hooks/useFilter/index.js')
      )
        return filterDropdownStub;
      return null;
    },
    load(id) {
      if (id !== filterDropdownStub) return null;
      return `import { createElement, lazy, Suspense } from 'react';
const Real = lazy(() => import(${JSON.stringify(real)}));
export function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}
export default function FilterDropdown(props) {
  return createElement(Suspense, { fallback: props.children }, createElement(Real, props));
}
`;
    },
  };
}

export default defineConfig({
  plugins: [
    lazyTableFilterDropdown(),
    react(),
    // The inspector's phone (issue 46): installable, and /inspect (with the public check page) opens with no network
    // once visited. The service worker is registered by those pages only; other pages keep going to the network.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'FN yoxlaması',
        short_name: 'FN yoxlaması',
        description: 'Fərqlənmə nişanlarının yolda yoxlanışı',
        lang: 'az',
        start_url: '/inspect',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b5cab',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built file, the lazily loaded screens and languages included, so a language switch
        // or the scanner's decoder also work offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/inspect\/?$/, /^\/verify\/[^/]+\/?$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks and their static imports, which the bundle budget test reads (issue 60).
    manifest: true,
  },
});
