// Deno entry (hosted Supabase Edge Functions), called on a schedule (supabase/cron/sweep_orphan_files.sql). The
// handler is shared with the local Node server, whose timer calls it the same way.
import { envFrom } from '../_shared/env.ts'
import { sweepOrphanFiles } from '../_shared/sweepOrphanFiles.ts'

Deno.serve((req: Request) => sweepOrphanFiles(req, envFrom((name) => Deno.env.get(name))))
