// Deno entry (hosted Supabase Edge Functions). The handler is shared with the local Node server.
import { envFrom } from '../_shared/env.ts'
import { sendContact } from '../_shared/sendContact.ts'

Deno.serve((req: Request) => sendContact(req, envFrom((name) => Deno.env.get(name))))
