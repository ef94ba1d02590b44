/**
 * Runs under Deno, never Node: the local stand-in for Supabase's edge runtime (`supabase functions serve`).
 * supabase/local/functions.ts spawns it with the function names as arguments, the import map
 * supabase/functions/deno.json and the functions' environment (SUPABASE_URL, MAIL_API_URL, ...).
 *
 * Each entry supabase/functions/<name>/index.ts is imported unchanged, exactly as deployed. An entry calls
 * `Deno.serve(handler)` when it loads; here that call hands the handler over instead of listening on :8000,
 * so one Deno process serves every function on one loopback port: `POST /<name>` runs that function's handler.
 * Every reply carries `x-local-functions-runtime: deno/<version>` so tests can prove which runtime answered.
 * The process exits when its standard input closes, i.e. when the Node server that started it goes away,
 * even if that server was killed with SIGKILL.
 */

type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>

const handlers = new Map<string, Handler>()
const realServe = Deno.serve.bind(Deno)
let loading = ''

function handlerOf(args: unknown[]): Handler | undefined {
  for (const arg of args) {
    if (typeof arg === 'function') return arg as Handler
    if (arg && typeof arg === 'object' && typeof (arg as { handler?: unknown }).handler === 'function') {
      return (arg as { handler: Handler }).handler
    }
  }
  return undefined
}

/** What an entry's Deno.serve call returns: a server that is never bound to a port of its own. */
const detachedServer = {
  finished: new Promise<void>(() => {}),
  addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
  shutdown: () => Promise.resolve(),
  ref() {},
  unref() {},
  [Symbol.asyncDispose]: () => Promise.resolve(),
}

Object.defineProperty(Deno, 'serve', {
  configurable: true,
  writable: true,
  value: (...args: unknown[]) => {
    const handler = handlerOf(args)
    if (!loading) throw new Error('Deno.serve called outside a function entry')
    if (!handler) throw new Error(`${loading}/index.ts called Deno.serve without a handler`)
    handlers.set(loading, handler)
    return detachedServer
  },
})

for (const name of Deno.args) {
  loading = name
  await import(new URL(`../../functions/${name}/index.ts`, import.meta.url).href)
  if (!handlers.has(name)) throw new Error(`${name}/index.ts did not call Deno.serve`)
}
loading = ''

const runtime = `deno/${Deno.version.deno}`

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-local-functions-runtime': runtime },
  })
}

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(JSON.stringify({ ready: true, port, runtime, functions: [...handlers.keys()] })),
  },
  async (req, info) => {
    const name = new URL(req.url).pathname.split('/')[1] ?? ''
    const handler = handlers.get(name)
    if (!handler) return reply(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
    try {
      const res = await handler(req, info)
      const headers = new Headers(res.headers)
      headers.set('x-local-functions-runtime', runtime)
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
    } catch (error) {
      // Hosted, an uncaught error is a 500 from the edge runtime; the handlers are meant never to throw.
      console.error(`function ${name} threw`, error)
      return reply(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error' })
    }
  },
)

// Stop with the parent: its end of the pipe closes when it exits for any reason.
for await (const _ of Deno.stdin.readable) {
  // Nothing is sent on stdin; reading only waits for the end.
}
Deno.exit(0)
