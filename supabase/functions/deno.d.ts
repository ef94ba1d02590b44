// The few Deno globals the function entries use, so the repo's tsc (Node types) checks them too.
declare namespace Deno {
  function serve(handler: (req: Request) => Response | Promise<Response>): unknown
  const env: { get(name: string): string | undefined }
}
