import { type PagePath, pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'

/** A page whose body has not been written yet: its real heading and summary, in the site's layout. */
export function PlaceholderPage({ path }: { path: PagePath }) {
  const entry = pageEntry(path)
  return <StaticPage title={entry.heading} lead={entry.description} />
}
