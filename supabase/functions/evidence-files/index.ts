// Deno entry (hosted Supabase Edge Functions). The handler is shared with the local Node server.
import { envFrom } from '../_shared/env.ts'
import { evidenceFiles } from '../_shared/evidenceFiles.ts'

Deno.serve((req: Request) => evidenceFiles(req, envFrom((name) => Deno.env.get(name))))
