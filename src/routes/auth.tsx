import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '../seo/head'
import { AuthPage } from '../views/auth/AuthPage'

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(4096))), undefined)

/** Query parameters understood by /auth (spec section 2) and the error GoTrue appends to a bad link. */
const search = v.object({
  mode: v.fallback(v.optional(v.picklist(['signup'])), undefined),
  type: v.fallback(v.optional(v.picklist(['signup'])), undefined),
  // The router parses `verified=true` as JSON (a boolean); accept both spellings.
  verified: v.fallback(
    v.optional(v.pipe(v.union([v.literal(true), v.literal('true')]), v.transform(() => 'true' as const))),
    undefined,
  ),
  access_token: text,
  refresh_token: text,
  code: text,
  error: text,
  error_code: text,
  error_description: text,
})

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  head: () => pageHead('/auth'),
  component: function AuthRoute() {
    return <AuthPage search={Route.useSearch()} />
  },
})
