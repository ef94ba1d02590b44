import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, normalize, resolve } from 'node:path'
import { defineConfig, loadEnv, type Plugin } from 'vite'

/**
 * The state atlas's pictures (docs/flows/atlas/*.webp) for the /flows page, at /flows-atlas/<file>: served by the
 * dev server, and copied into a production build only when it serves /flows (VITE_FLOWS_IN_PRODUCTION=true), so
 * the marketing site's build never carries them (tests/e2e/inspector.spec.ts checks).
 */
function flowsAtlas(enabledInBuild: boolean): Plugin {
  const dir = resolve(import.meta.dirname, 'docs/flows/atlas')
  const pictures = () =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.webp'))
          .map((f) => join(f.parentPath, f.name).slice(dir.length + 1))
      : []
  return {
    name: 'flows-atlas',
    configureServer(server) {
      server.middlewares.use('/flows-atlas/', (req, res, next) => {
        const file = normalize(join(dir, decodeURIComponent((req.url ?? '').split('?')[0] ?? '')))
        if (!file.startsWith(dir) || !file.endsWith('.webp') || !existsSync(file)) return next()
        res.setHeader('content-type', 'image/webp')
        createReadStream(file).pipe(res)
      })
    },
    generateBundle() {
      if (!enabledInBuild || this.environment.name !== 'client') return
      for (const file of pictures()) this.emitFile({ type: 'asset', fileName: `flows-atlas/${file}`, source: readFileSync(join(dir, file)) })
    },
  }
}

// DIST lets several builds live side by side (parallel test runs); the default is dist/.
const dist = process.env.DIST ?? 'dist'

export default defineConfig(({ mode }) => ({
  environments: {
    client: {
      build: {
        outDir: `${dist}/client`,
        sourcemap: process.env.SOURCEMAP === 'true',
        // One chunk for the framework instead of many small shared ones: fewer requests, and gzip compresses
        // the modules together (about 1 kB less first-load JS on every page). Likewise one `app` chunk for the
        // rest of what every page loads (the entry's static imports: router, root layout, reduce-motion
        // provider, tokens): without it, each module that a lazily loaded chunk also imports (the wizard's
        // card, the dialog, motion's Presence) is split into a small chunk of its own, each with its own
        // imports and less compression (about 1 kB more on every page, measured).
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/, priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { outDir: `${dist}/server` } },
  },
  server: { port: 5173, strictPort: true },
  // vanilla-extract's plugin adds these imports when it compiles a .css.ts file, after Vite's dependency scan: found
  // that late, they were bundled on a page's first request and Vite reloaded every open page ('optimized
  // dependencies changed. reloading'), so a fresh dev server reloaded the first pages opened (tests/dev saw it).
  optimizeDeps: {
    include: ['@vanilla-extract/css', '@vanilla-extract/sprinkles/createRuntimeSprinkles'],
  },
  plugins: [
    tanstackStart({
      router: { routeFileIgnorePattern: '\\.css\\.ts$' },
      // Every static route is discovered from the route tree; query-string variants are not separate pages.
      // One URL per page: /about is written as about.html, which Cloudflare Pages (and Netlify) serve at /about
      // with 200; about/index.html would be served at /about/ only, /about answering 308. The router's links and
      // the canonical URLs have no trailing slash, so the files must not need one.
      pages: [{ path: '/onboarding/', prerender: { outputPath: '/onboarding' } }],
      prerender: {
        enabled: true,
        crawlLinks: true,
        autoSubfolderIndex: false,
        failOnError: true,
        // Pages only: no query-string variants, and never a crawled link to a file (e.g. /logo.png), which the
        // prerenderer would overwrite with an HTML response.
        filter: ({ path }) => !path.includes('?') && !/\.[a-z0-9]+$/i.test(path),
      },
    }),
    vanillaExtractPlugin(),
    viteReact(),
    flowsAtlas({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }.VITE_FLOWS_IN_PRODUCTION === 'true'),
  ],
}))
