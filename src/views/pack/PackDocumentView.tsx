/**
 * The inspection pack as a page, from the same document as the PDF (src/domain/pack): the print-ready page shows
 * this, and a person can print it or save it as PDF from the browser, with every character of every name (the PDF's
 * standard font shows Western European text only: ./winAnsi.ts). Headings run h1 (the organisation) → h2 (each key
 * question or area) → h3 (each item), so a screen reader can move by them. Props only; no machine, no backend.
 */
import type { PackAction, PackDocument, PackItem, PackTone } from '../../domain/pack/types'
import * as css from './PackDocumentView.css'

const toneOfRating = (item: PackItem): PackTone => (item.rating ? (item.rating.belowGood ? (item.rating.score === 1 ? 'serious' : 'attention') : 'good') : 'none')

function Actions({ label, actions }: { label: string; actions: readonly PackAction[] }) {
  if (actions.length === 0) return null
  return (
    <>
      <p className={css.label}>
        {label} ({actions.length})
      </p>
      <ul className={css.list}>
        {actions.map((a, i) => (
          // Titles may repeat; the list never reorders, so the position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>
            <span className={css.line}>{a.title}</span>
            <br />
            <span className={a.overdue ? css.note : css.muted}>{a.line}</span>
          </li>
        ))}
      </ul>
    </>
  )
}

function Item({ item }: { item: PackItem }) {
  return (
    <article className={css.item} aria-labelledby={`${item.id}-title`}>
      <h3 className={css.itemTitle} id={`${item.id}-title`}>
        {item.name}
      </h3>
      <p className={`${css.line} ${css.tone[toneOfRating(item)]}`}>Rating: {item.ratingText}</p>
      {item.ratingDetail && <p className={css.muted}>{item.ratingDetail}</p>}
      {item.notes.map((n) => (
        <p key={n.kind} className={css.note}>
          Note: {n.text}
        </p>
      ))}
      {item.applicable &&
        (item.evidence.length === 0 ? (
          <p className={css.label}>Evidence: none recorded</p>
        ) : (
          <>
            <p className={css.label}>Evidence ({item.evidence.length})</p>
            <ul className={css.list}>
              {item.evidence.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: evidence names may repeat; the order is fixed
                <li key={i}>
                  <span className={css.line}>{e.name}</span>
                  <br />
                  <span className={css.muted}>{e.line}</span>
                </li>
              ))}
            </ul>
          </>
        ))}
      <Actions label="Open actions" actions={item.openActions} />
      <Actions label="Closed actions, verified" actions={item.closedActions} />
    </article>
  )
}

export function PackDocumentView({ doc }: { doc: PackDocument }) {
  return (
    <div className={css.pack}>
      <header className={css.cover}>
        <p className={css.kicker}>{doc.title}</p>
        <h1 className={css.title}>{doc.organisation}</h1>
        <p className={css.line}>{doc.framework.name}</p>
        <p className={css.muted}>{doc.framework.regulator}</p>
        <p className={css.line}>
          {doc.preparedLine}
          <br />
          Completion: {doc.completion}
        </p>
        {doc.outcome && <p className={`${css.line} ${css.tone[doc.outcome.tone]}`}>{doc.outcome.text}</p>}
        {doc.scaleNotice && (
          <p className={css.notice}>
            <strong>Our scale, not the regulator’s. </strong>
            {doc.scaleNotice}
          </p>
        )}
        <table className={css.table}>
          <caption className={css.caption}>{doc.summaryHeading}</caption>
          <thead>
            <tr>
              <th className={css.cell} scope="col">
                {doc.summaryColumn}
              </th>
              <th className={css.cell} scope="col">
                Score
              </th>
              <th className={css.cell} scope="col">
                Detail
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.summary.map((row) => (
              <tr key={row.label}>
                <th className={css.cell} scope="row">
                  {row.label}
                </th>
                <td className={`${css.cell} ${css.tone[row.tone]}`}>{row.score}</td>
                <td className={`${css.cell} ${css.muted}`}>{row.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 className={css.caption}>What to look at first</h2>
        <ul className={css.list}>
          {doc.attention.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </header>
      {doc.groups.map((g) => (
        <section key={g.id} className={css.group} aria-labelledby={`${g.id}-title`}>
          <div className={css.groupHead}>
            <p className={css.kicker}>{g.kicker}</p>
            <h2 className={css.groupTitle} id={`${g.id}-title`}>
              {g.name}
            </h2>
            <p className={`${css.line} ${css.tone[g.tone]}`}>{g.score}</p>
            <p className={css.muted}>{g.detail}</p>
          </div>
          {g.items.map((item) => (
            <Item key={item.id} item={item} />
          ))}
        </section>
      ))}
    </div>
  )
}
