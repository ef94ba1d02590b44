import { useId, useState } from 'react'
import type { TestRef, Traceability as TraceabilityData, TracedFramework, TracedMachine } from '../../../machines/testing/traceability'
import type { AtlasData } from './AtlasPanel'
import * as s from './traceability.css'

/**
 * The traceability table (docs/flows/traceability.json, written by `npm run flows`): per framework, which tests
 * prove each key question's or area's score or band, then every item with the machines that handle it and the
 * tests that name it; and the machines' states that show or rate items, with their pictures and the generated
 * path tests through them. A filter narrows every table to the rows that mention what is typed ("Safe",
 * an item id, a test title). Shared by the /flows page and the spec site.
 */
export function Traceability({ data, atlas }: { data: TraceabilityData; atlas: AtlasData }) {
  const [query, setQuery] = useState('')
  const filterId = useId()
  const q = query.trim().toLowerCase()
  const matches = (...texts: string[]) => !q || texts.some((t) => t.toLowerCase().includes(q))
  const testText = (tests: TestRef[]) => tests.map((t) => `${t.file} ${t.title}`).join(' ')
  const groupRows = data.frameworks.flatMap((f) => f.groups.map((g) => ({ f, g, shown: matches(f.name, g.name, g.id, testText(g.scoreTests)) })))
  const itemRows = data.frameworks.flatMap((f) => f.groups.flatMap((g) => g.items.map((i) => ({ f, g, i, shown: matches(f.name, g.name, i.name, i.id, testText(i.tests)) }))))
  const shownCount = groupRows.filter((r) => r.shown).length + itemRows.filter((r) => r.shown).length
  return (
    <section className={s.section} aria-labelledby="traceability-title" data-traceability>
      <h2 id="traceability-title" className={s.title}>
        Traceability
      </h2>
      <p className={s.lead}>
        Each framework item, the machines whose states show or rate it, the generated path tests through those states and their pictures, and the tests that
        name it. To find which test proves a key question’s score or band, type its name (for example “Safe”) below and read its row under “Tests that prove
        the score or band”.
      </p>
      <div className={s.filter}>
        <label htmlFor={filterId} className={s.label}>
          Find a key question, area, item, id or test
        </label>
        <input id={filterId} type="search" className={s.input} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        <p role="status" className={s.muted} data-testid="traceability-count">
          {q ? `${shownCount} of ${groupRows.length + itemRows.length} rows match “${query.trim()}”.` : `${groupRows.length + itemRows.length} rows.`}
        </p>
      </div>
      {data.frameworks.map((f) => (
        <FrameworkTables
          key={f.versionId}
          framework={f}
          groupShown={new Set(groupRows.filter((r) => r.f === f && r.shown).map((r) => r.g.id))}
          itemShown={new Set(itemRows.filter((r) => r.f === f && r.shown).map((r) => r.i.id))}
        />
      ))}
      <h3 className={s.subtitle}>Machines that handle framework items</h3>
      {data.machines.map((m) => (
        <MachineTrace key={m.name} machine={m} atlas={atlas} />
      ))}
    </section>
  )
}

function Tests({ tests, none, collapse = true }: { tests: TestRef[]; none: string; collapse?: boolean }) {
  if (!tests.length) return <span className={s.muted}>{none}</span>
  const list = (
    <ul className={s.tests}>
      {tests.map((t) => (
        <li key={`${t.file} ${t.title}`}>
          <span className={s.mono}>{t.file}</span>: {t.title}
        </li>
      ))}
    </ul>
  )
  if (!collapse || tests.length <= 3) return list
  return (
    <details>
      <summary className={s.summary}>{tests.length} tests</summary>
      {list}
    </details>
  )
}

function FrameworkTables({ framework: f, groupShown, itemShown }: { framework: TracedFramework; groupShown: Set<string>; itemShown: Set<string> }) {
  const headingId = `trace-${f.versionId}`
  const groups = f.groups.filter((g) => groupShown.has(g.id))
  const items = f.groups.flatMap((g) => g.items.filter((i) => itemShown.has(i.id)).map((i) => ({ g, i })))
  return (
    <section aria-labelledby={headingId} data-trace-framework={f.versionId} className={s.framework}>
      <h3 id={headingId} className={s.subtitle}>
        {f.name} <span className={s.muted}>({f.versionId}: framework {f.frameworkId}, version {f.version})</span>
      </h3>
      {groups.length === 0 && items.length === 0 ? <p className={s.muted}>Nothing in this framework matches.</p> : null}
      {groups.length ? (
        <>
          <h4 id={`${headingId}-scores`} className={s.caption}>
            Tests that prove the score or band, per {f.groupNoun}
          </h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it. */}
          <section className={s.scroller} aria-label={`${f.name}: tests that prove each ${f.groupNoun}’s score or band (scrolls)`} tabIndex={0}>
          <table className={s.table} aria-labelledby={`${headingId}-scores`}>
            <thead>
              <tr>
                <th scope="col" className={s.cell}>
                  {capitalise(f.groupNoun)}
                </th>
                <th scope="col" className={s.cell}>
                  Scoring tests that name it or its {f.itemNoun}s
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id} data-trace-group={g.id}>
                  <th scope="row" className={s.cell}>
                    {g.name}
                    <br />
                    <span className={s.id}>{g.id}</span>
                  </th>
                  <td className={s.cell}>
                    <Tests tests={g.scoreTests} none="No scoring test names it." collapse={false} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </section>
        </>
      ) : null}
      {items.length ? (
        <>
          <h4 id={`${headingId}-items`} className={s.caption}>
            {capitalise(f.itemNoun)}s: the machines that handle each and the tests that name it
          </h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it. */}
          <section className={s.scroller} aria-label={`${f.name}: ${f.itemNoun}s (scrolls)`} tabIndex={0}>
          <table className={`${s.table} ${s.wideTable}`} aria-labelledby={`${headingId}-items`}>
            <thead>
              <tr>
                <th scope="col" className={s.cell}>
                  {capitalise(f.itemNoun)}
                </th>
                <th scope="col" className={s.cell}>
                  {capitalise(f.groupNoun)}
                </th>
                <th scope="col" className={s.cell}>
                  Machines
                </th>
                <th scope="col" className={s.cell}>
                  Tests that name it
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map(({ g, i }) => (
                <tr key={i.id} data-trace-item={i.id}>
                  <th scope="row" className={s.cell}>
                    {i.name}
                    <br />
                    <span className={s.id}>{i.id}</span>
                  </th>
                  <td className={s.cell}>{g.name}</td>
                  <td className={s.cell}>
                    {i.machines.map((m, n) => (
                      <span key={m}>
                        {n ? ', ' : ''}
                        <a href={`#trace-machine-${m}`} className={s.mono}>
                          {m}
                        </a>
                      </span>
                    ))}
                  </td>
                  <td className={s.cell}>
                    <Tests tests={i.tests} none="No test names it." />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </section>
        </>
      ) : null}
    </section>
  )
}

function MachineTrace({ machine: m, atlas }: { machine: TracedMachine; atlas: AtlasData }) {
  const headingId = `trace-machine-${m.name}`
  const picture = (stateId: string, file: string | undefined, label: string) => {
    const taken = !!atlas.manifest.machines[m.name]?.states[stateId]
    const url = file && taken ? atlas.pictureUrl(file.replace(/^atlas\//, '')) : undefined
    return url ? (
      <a href={url} data-trace-picture={file}>
        {label}
      </a>
    ) : null
  }
  return (
    <section aria-labelledby={headingId} data-trace-machine={m.name} className={s.framework}>
      <h4 id={headingId} className={s.machineTitle}>
        <a href={`#flow-${m.name}`}>{m.name}</a> <span className={s.muted}>({m.file})</span>
      </h4>
      <p id={`${headingId}-states`} className={s.caption}>
        States that show or rate items (meta.frameworkTrace)
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it. */}
      <section className={s.scroller} aria-label={`${m.name}: states that show or rate items (scrolls)`} tabIndex={0}>
        <table className={`${s.table} ${s.wideTable}`} aria-labelledby={`${headingId}-states`}>
          <thead>
            <tr>
              <th scope="col" className={s.cell}>
                State
              </th>
              <th scope="col" className={s.cell}>
                What it does
              </th>
              <th scope="col" className={s.cell}>
                Item and version in the context
              </th>
              <th scope="col" className={s.cell}>
                Pictures
              </th>
            </tr>
          </thead>
          <tbody>
            {m.states.map((st) => {
              const desktop = picture(st.id, st.pictures.desktop, 'desktop')
              const phone = picture(st.id, st.pictures.phone, 'phone')
              return (
                <tr key={st.id} data-trace-state={st.id}>
                  <th scope="row" className={`${s.cell} ${s.mono}`}>
                    {st.path}
                  </th>
                  <td className={s.cell}>
                    {st.role} ({st.handles === 'item' ? 'one item' : 'every item'})
                  </td>
                  <td className={`${s.cell} ${s.mono}`}>
                    {[st.itemIdAt ? `item: ${st.itemIdAt}` : null, st.versionIdAt ? `version: ${st.versionIdAt}` : 'version: from the item id'].filter(Boolean).join('; ')}
                  </td>
                  <td className={s.cell}>
                    {desktop || phone ? (
                      <>
                        {desktop}
                        {desktop && phone ? ' · ' : ''}
                        {phone}
                      </>
                    ) : (
                      <span className={s.muted}>Not in the atlas yet</span>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </section>
      <details>
        <summary className={s.summary}>
          {m.pathTests.length} generated path tests through these states ({m.pathSpec ?? 'no driver'})
        </summary>
        <ol className={s.tests}>
          {m.pathTests.map((t) => (
            <li key={t.title}>{t.title}</li>
          ))}
        </ol>
      </details>
    </section>
  )
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
