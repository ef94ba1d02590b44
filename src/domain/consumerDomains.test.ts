import { describe, expect, it } from 'vitest'
import { emailDomain, isConsumerEmail } from './consumerDomains'

describe('personal e-mail domains', () => {
  it('reads the domain after the last @, trimmed and in lower case; none without an @', () => {
    expect(emailDomain(' Ada@Sunrise-Care.CO.UK ')).toBe('sunrise-care.co.uk')
    expect(emailDomain('"a@b"@gmail.com')).toBe('gmail.com')
    expect(emailDomain('@gmail.com')).toBe('gmail.com')
    expect(emailDomain('gmail.com')).toBe('')
    expect(emailDomain('')).toBe('')
  })

  it('knows a personal provider in any letter case, and not a work domain or a bare domain', () => {
    expect(isConsumerEmail('Someone@GMAIL.com')).toBe(true)
    expect(isConsumerEmail(' someone@outlook.com ')).toBe(true)
    expect(isConsumerEmail('ada@sunrise-care.co.uk')).toBe(false)
    expect(isConsumerEmail('gmail.com')).toBe(false)
  })
})
