import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildMailto, parseMailto } from './mailto'

describe('buildMailto', () => {
  it('encodes every reserved character of subject and body', () => {
    const href = buildMailto({ to: 'hello@example.org', subject: 'A & B? "quoted" #1 100%', body: 'Line 1\nLine 2 = ok; a+b 🎉' })
    expect(href).toBe(
      'mailto:hello@example.org?subject=A%20%26%20B%3F%20%22quoted%22%20%231%20100%25&body=Line%201%0D%0ALine%202%20%3D%20ok%3B%20a%2Bb%20%F0%9F%8E%89',
    )
  })

  it('round-trips any subject and body a person can type', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (subject, body) => {
        const normalised = body.replace(/\r\n?/g, '\n')
        const parsed = parseMailto(buildMailto({ to: 'a@b.co', subject, body: normalised }))
        expect(parsed.subject).toBe(subject)
        expect(parsed.body).toBe(normalised)
        expect(parsed.to).toBe('a@b.co')
      }),
    )
  })

  it('leaves nothing that a mail client could read as a separator', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const query = buildMailto({ to: 'a@b.co', subject: text, body: text }).split('?')[1]!
        expect(query.split('&')).toHaveLength(2)
        expect(query).not.toMatch(/[#\s"<>]/)
      }),
    )
  })
})

describe('the parts of a mailto link', () => {
  it('has a copy address only when one is given, before the subject and body', () => {
    expect(buildMailto({ to: 'partners@example.org', cc: 'me@care.co.uk', subject: 'Hi', body: 'Text' })).toBe(
      'mailto:partners@example.org?cc=me%40care.co.uk&subject=Hi&body=Text',
    )
    expect(buildMailto({ to: 'partners@example.org', cc: '', subject: 'Hi' })).toBe('mailto:partners@example.org?subject=Hi')
    expect(buildMailto({ to: 'partners@example.org' })).toBe('mailto:partners@example.org')
    expect(buildMailto({ to: 'partners@example.org', subject: '', body: '' })).toBe('mailto:partners@example.org?subject=&body=')
  })

  it('lists several recipients, trimmed, with their @ kept readable', () => {
    expect(buildMailto({ to: 'a@b.co, c d@e.co ,f@g.co' })).toBe('mailto:a@b.co,c%20d@e.co,f@g.co')
  })

  it('reads back the recipient, copy, subject and body, whatever the case of the keys', () => {
    expect(parseMailto('mailto:a@b.co,c@d.co?CC=me%40care.co.uk&Subject=Hello%20there&BODY=Line%201%0D%0ALine%202&x=y')).toEqual({
      to: 'a@b.co,c@d.co',
      cc: 'me@care.co.uk',
      subject: 'Hello there',
      body: 'Line 1\nLine 2',
    })
    expect(parseMailto('mailto:a%20b@c.co')).toEqual({ to: 'a b@c.co' })
    expect(parseMailto('mailto:?subject=Only')).toEqual({ to: '', subject: 'Only' })
    expect(() => parseMailto('https://example.org/?subject=x')).toThrow('Not a mailto link')
    // Without a '?' there are no header fields, even when the address itself holds an '='.
    expect(parseMailto('mailto:body=desk@care.co.uk')).toEqual({ to: 'body=desk@care.co.uk' })
  })
})

