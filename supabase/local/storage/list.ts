/** POST /object/list/<bucket> {prefix, limit, offset, search, sortBy}: one level of the bucket, as storage.search lists it. */
import { asCaller, bucketIdOf, callerOf, dbError, findBucket, jsonBody, type ObjectRow, type Route } from './context.ts'

interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

/** The entries one level below `prefix`: a folder for each deeper name, the object itself otherwise. */
function entriesOf(rows: readonly ObjectRow[], prefix: string, search: string): ListEntry[] {
  const depth = prefix ? prefix.split('/').length : 0
  const entries = new Map<string, ListEntry>()
  for (const row of rows) {
    const parts = row.name.split('/')
    const name = parts[depth] as string
    if (search && !name.toLowerCase().startsWith(search.toLowerCase())) continue
    if (parts.length > depth + 1) {
      if (!entries.has(name)) entries.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })
    } else {
      entries.set(name, { name, id: row.id, updated_at: new Date(row.updated_at).toISOString(), created_at: new Date(row.created_at).toISOString(), last_accessed_at: new Date(row.last_accessed_at).toISOString(), metadata: row.metadata })
    }
  }
  return [...entries.values()]
}

export const listRoute: Route = async (c, { db }, path) => {
  const listed = /^\/object\/list\/([^/]+)$/.exec(path)
  if (!listed || c.req.method !== 'POST') return undefined
  const claims = await callerOf(c)
  const bucketId = bucketIdOf(listed[1])
  await findBucket(db, bucketId)
  const body = await jsonBody(c)
  const prefix = String(body.prefix ?? '').replace(/^\/+|\/+$/g, '')
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000)
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0)
  const search = String(body.search ?? '')
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string }
  const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(sortBy.column ?? '') ? (sortBy.column as keyof ListEntry) : 'name'
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc'
  const like = `${(prefix ? `${prefix}/` : '').replace(/[\\%_]/g, '\\$&')}%`
  const rows = await asCaller(db, claims, (tx) =>
    tx.query<ObjectRow>("select * from storage.objects where bucket_id = $1 and name like $2 escape '\\'", [bucketId, like]).then((r) => r.rows),
  ).catch(dbError)
  // As storage.search: folders first, then by the column asked for.
  const sorted = entriesOf(rows, prefix, search).sort((a, b) => {
    if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
    const x = String(a[column] ?? a.name)
    const y = String(b[column] ?? b.name)
    return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1)
  })
  return c.json(sorted.slice(offset, offset + limit))
}
