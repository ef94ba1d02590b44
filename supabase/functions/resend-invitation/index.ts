// Deno entry (hosted Supabase Edge Functions). The handler is shared with the local Node server.
import { envFrom } from '../_shared/env.ts'
import { resendInvitation } from '../_shared/teamInvitations.ts'

Deno.serve((req: Request) => resendInvitation(req, envFrom((name) => Deno.env.get(name))))
