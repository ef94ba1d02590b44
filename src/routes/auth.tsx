import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(4096))), undefined)

/** Query parameters understood by /auth (spec section 2); bad values fall back instead of throwing. */
const search = v.object({
  mode: v.fallback(v.optional(v.picklist(['signup'])), undefined),
  type: v.fallback(v.optional(v.picklist(['signup'])), undefined),
  verified: v.fallback(v.optional(v.picklist(['true'])), undefined),
  access_token: text,
  refresh_token: text,
  code: text,
})

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  head: () => pageHead('/auth'),
  component: () => <PlaceholderPage path="/auth" />,
})
