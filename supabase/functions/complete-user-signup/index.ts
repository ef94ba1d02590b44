// Deno entry (hosted Supabase Edge Functions). The handler is shared with the local Node server.
import { completeUserSignup } from '../_shared/completeUserSignup.ts'
import { envFrom } from '../_shared/env.ts'

Deno.serve((req: Request) => completeUserSignup(req, envFrom((name) => Deno.env.get(name))))
