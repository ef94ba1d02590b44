// Deno entry (hosted Supabase Edge Functions), called on a schedule (supabase/cron/review_reminders.sql). The handler
// is shared with the local Node server, whose timer calls it the same way.
import { envFrom } from '../_shared/env.ts'
import { sendReviewReminders } from '../_shared/reviewReminders.ts'

Deno.serve((req: Request) => sendReviewReminders(req, envFrom((name) => Deno.env.get(name))))
