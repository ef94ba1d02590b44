import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CQC_SAF_2024 } from '../../domain/frameworks/cqcSaf2024'
import { OFSTED_EIF_2025 } from '../../domain/frameworks/ofstedEif2025'
import { buildPackDocument } from '../../domain/pack/build'
import { fullCqcPackInput, SAMPLE_PREPARED_AT } from '../../domain/pack/samples'
import { PackDocumentView } from './PackDocumentView'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ')

describe('PackDocumentView: the print-ready page’s pack, from the same document as the PDF', () => {
  it('shows the organisation, the summary and every statement under headings h1 → h2 → h3', () => {
    const html = renderToStaticMarkup(<PackDocumentView doc={buildPackDocument(fullCqcPackInput())} />)
    expect(html).toContain('<h1')
    expect(html.match(/<h2/g)).toHaveLength(6) // what to look at first, and five key questions
    expect(html.match(/<h3/g)).toHaveLength(34)
    for (const item of CQC_SAF_2024.groups.flatMap((g) => g.items)) expect(text(html)).toContain(item.name)
    expect(text(html)).toContain('Sunrise Care (Leeds) Ltd')
    expect(text(html)).toContain('Inadequate, 31 %')
    // Every character, which the PDF's standard font cannot show.
    expect(text(html)).toContain('Łucja Wiśniewska')
    expect(html).toContain('<th class')
    expect(html).toContain('scope="row"')
  })

  it('escapes HTML-like names and shows Ofsted’s consequence line', () => {
    const doc = buildPackDocument({
      organisation: '<script>alert(1)</script>',
      versionId: OFSTED_EIF_2025.id,
      assessment: { ratings: { 'ofsted-eif-2025/safeguarding/safeguarding': { value: 'not-met', ratedAt: SAMPLE_PREPARED_AT } } },
      items: {},
      preparedBy: 'Sam',
      preparedAt: SAMPLE_PREPARED_AT,
    })
    const html = renderToStaticMarkup(<PackDocumentView doc={doc} />)
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(text(html)).toContain('On these grades the school requires significant improvement: safeguarding is not met.')
    expect(text(html)).toContain('Note: No evidence is recorded for this rating.')
  })
})
