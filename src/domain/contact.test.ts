import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildReferralBody,
  buildReferralMailto,
  buildReferralPayload,
  buildReferralSubject,
  failureForStatus,
  failureKind,
  firstInvalidField,
  LIMITS,
  MESSAGES,
  programmeName,
  toProgramme,
  validateReferral,
} from './contact'
import { parseMailto } from './mailto'

const valid = { name: 'Jane Smith', email: 'jane@care.org.uk', message: 'Please call me.', hpt: '' }
const settings = { programme: 'ready4life' as const, to: 'referrals@example.org', brand: 'InspectReady' }

describe('programmes', () => {
  it('maps ?service= to a programme, unknown and missing values to the default', () => {
    expect(toProgramme('ready4life')).toBe('ready4life')
    expect(toProgramme('general')).toBe('general')
    expect(toProgramme('READY4LIFE')).toBe('general')
    expect(toProgramme(undefined)).toBe('general')
    expect(toProgramme(42)).toBe('general')
  })

  it('names Ready4Life by its name and the default programme by the brand', () => {
    expect(programmeName('ready4life', 'InspectReady')).toBe('Ready4Life')
    expect(programmeName('general', 'InspectReady')).toBe('InspectReady')
  })
})

describe('subject and body', () => {
  it("reads 'Referral from' plus the programme and the person's name, or 'website' without a name", () => {
    expect(buildReferralSubject('Ready4Life', 'Jane Smith')).toBe('Referral from Ready4Life Jane Smith')
    expect(buildReferralSubject('Ready4Life', '  Jane Smith ')).toBe('Referral from Ready4Life Jane Smith')
    expect(buildReferralSubject('InspectReady', '')).toBe('Referral from InspectReady website')
    expect(buildReferralSubject('InspectReady', '   ')).toBe('Referral from InspectReady website')
  })

  it("is the message, a blank line, then 'From: name <email>'", () => {
    expect(buildReferralBody('Line 1\nLine 2', 'Jane', 'jane@care.org.uk')).toBe('Line 1\nLine 2\n\nFrom: Jane <jane@care.org.uk>')
  })

  it('keeps every character inside the message', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (inner) => {
        const message = `x${inner}x`
        expect(buildReferralBody(message, 'A', 'a@b.co').startsWith(`${message}\n\nFrom: `)).toBe(true)
      }),
    )
  })
})

describe('validation', () => {
  it('accepts a complete referral', () => {
    expect(validateReferral(valid)).toEqual({})
  })

  it('requires name, e-mail and details, each with its own message, in form order', () => {
    const errors = validateReferral({ name: ' ', email: '', message: '\n', hpt: '' })
    expect(errors).toEqual({ name: MESSAGES.nameRequired, email: MESSAGES.emailRequired, message: MESSAGES.messageRequired })
    expect(firstInvalidField(errors)).toBe('name')
    expect(firstInvalidField(validateReferral({ ...valid, email: 'nope' }))).toBe('email')
    expect(validateReferral({ ...valid, email: 'nope' })).toEqual({ email: MESSAGES.emailInvalid })
    expect(firstInvalidField({})).toBeUndefined()
  })

  it('bounds lengths like the backend', () => {
    expect(validateReferral({ ...valid, name: 'a'.repeat(LIMITS.name) })).toEqual({})
    expect(validateReferral({ ...valid, name: 'a'.repeat(LIMITS.name + 1) })).toEqual({ name: MESSAGES.nameTooLong })
    expect(validateReferral({ ...valid, message: 'a'.repeat(LIMITS.message) })).toEqual({})
    expect(validateReferral({ ...valid, message: 'a'.repeat(LIMITS.message + 1) })).toEqual({ message: MESSAGES.messageTooLong })
    expect(validateReferral({ ...valid, email: `${'a'.repeat(LIMITS.email)}@b.co` })).toEqual({ email: MESSAGES.emailTooLong })
  })

  it('does not require the honeypot', () => {
    expect(validateReferral({ ...valid, hpt: '' })).toEqual({})
    expect(validateReferral({ ...valid, hpt: 'http://spam' })).toEqual({})
  })
})

describe('payload', () => {
  it('has exactly the spec fields plus the service', () => {
    expect(buildReferralPayload({ ...valid, name: ' Jane Smith ', hpt: 'bot' }, settings)).toEqual({
      name: 'Jane Smith',
      email: 'jane@care.org.uk',
      message: 'Please call me.',
      to: 'referrals@example.org',
      hpt: 'bot',
      subject: 'Referral from Ready4Life Jane Smith',
      service: 'ready4life',
    })
  })
})

describe('fallback mailto', () => {
  it('decodes back to exactly the subject and body, whatever was typed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        fc.emailAddress(),
        fc.constantFrom('ready4life' as const, 'general' as const),
        (name, message, email, programme) => {
          const values = { name, email, message: message.replace(/\r\n?/g, '\n'), hpt: '' }
          const parts = parseMailto(buildReferralMailto(values, { ...settings, programme }))
          expect(parts.to).toBe('referrals@example.org')
          expect(parts.subject).toBe(buildReferralSubject(programmeName(programme, 'InspectReady'), name))
          expect(parts.body).toBe(buildReferralBody(values.message, name, email))
        },
      ),
    )
  })

  it('encodes quotes, ampersands, emoji and line breaks', () => {
    const href = buildReferralMailto({ ...valid, name: 'Zoë "Z" & Co', message: 'A & B\n"ok" 🎉' }, settings)
    expect(href).not.toMatch(/[ "&](?!body=)|\n|🎉/u)
    expect(parseMailto(href)).toEqual({
      to: 'referrals@example.org',
      subject: 'Referral from Ready4Life Zoë "Z" & Co',
      body: 'A & B\n"ok" 🎉\n\nFrom: Zoë "Z" & Co <jane@care.org.uk>',
    })
  })
})

describe('failures', () => {
  it('classifies errors and statuses; anything unknown is unavailable', () => {
    expect(failureKind({ kind: 'rate-limited' })).toBe('rate-limited')
    expect(failureKind({ kind: 'rejected' })).toBe('rejected')
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('unavailable')
    expect(failureKind(undefined)).toBe('unavailable')
    expect(failureForStatus(429)).toBe('rate-limited')
    expect(failureForStatus(400)).toBe('rejected')
    expect(failureForStatus(500)).toBe('unavailable')
    expect(failureForStatus(undefined)).toBe('unavailable')
  })
})

describe('what is sent, trimmed', () => {
  it('the body and the payload carry the message, name and address without spaces at either end', () => {
    expect(buildReferralBody('  Please call.\n ', ' Jane ', ' jane@care.org.uk ')).toBe('Please call.\n\nFrom: Jane <jane@care.org.uk>')
    expect(buildReferralPayload({ ...valid, email: ' jane@care.org.uk ', message: '\n Please call me. \n' }, settings)).toMatchObject({
      email: 'jane@care.org.uk',
      message: 'Please call me.',
    })
  })

  it('only a 4xx status is a refusal; anything below 400 is no answer we understand', () => {
    expect(failureForStatus(399)).toBe('unavailable')
    expect(failureForStatus(302)).toBe('unavailable')
    expect(failureForStatus(200)).toBe('unavailable')
    expect(failureForStatus(0)).toBe('unavailable')
    expect(failureForStatus(499)).toBe('rejected')
  })
})

