import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
// Through /app's module, so the two signed-in pages share one chunk instead of splitting new shared chunks whose
// names every page's entry would list.
import { PackPage } from '../../views/home/HomePage'

// No validateSearch and no staticData (a signed-out visitor goes to /auth, the default): route definitions sit in
// every page's entry chunk. The page reads `?framework=` and validates it with valibot in its own chunk
// (packFrameworkOf in src/domain/pack/fromAssessment.ts).
export const Route = createFileRoute('/_signedIn/app_/pack')({
  head: () => pageHead('/app/pack'),
  component: () => <PackPage />,
})
