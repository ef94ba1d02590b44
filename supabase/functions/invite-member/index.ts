// Deno entry (hosted Supabase Edge Functions). The handler is shared with the local Node server.
import { envFrom } from '../_shared/env.ts'
import { inviteMember } from '../_shared/teamInvitations.ts'

Deno.serve((req: Request) => inviteMember(req, envFrom((name) => Deno.env.get(name))))
