import { describe, expect, it } from 'vitest'
import { parseMuted, REMINDER_MESSAGES } from './reminders'

describe('the review reminders setting', () => {
  it('is muted only when the person’s own row says so, with true itself; no row, or anything else, is not muted', () => {
    expect(parseMuted({ review_reminders_muted: true })).toBe(true)
    expect(parseMuted({ review_reminders_muted: true, user_id: 'u1' })).toBe(true)
    for (const row of [null, undefined, {}, { review_reminders_muted: false }, { review_reminders_muted: 'true' }, { review_reminders_muted: 1 }, 'muted', 1, true, []]) {
      expect(parseMuted(row), JSON.stringify(row)).toBe(false)
    }
  })

  it('follows the organisation’s default while the person has not chosen, and their own choice once they have', () => {
    const row = (muted: boolean | null, reminders: unknown) => ({ review_reminders_muted: muted, users: { organisations: { review_reminders_default: reminders } } })
    expect(parseMuted(row(null, false))).toBe(true)
    expect(parseMuted(row(null, true))).toBe(false)
    expect(parseMuted(row(null, null))).toBe(false)
    expect(parseMuted({ review_reminders_muted: null, users: null })).toBe(false)
    expect(parseMuted({ review_reminders_muted: null, users: { organisations: null } })).toBe(false)
    expect(parseMuted(row(false, false))).toBe(false)
    expect(parseMuted(row(true, true))).toBe(true)
  })

  it('says what the switch does, each state in its own words', () => {
    expect(REMINDER_MESSAGES.label).toBe('Review reminders: e-mail me a daily digest when reviews fall due or actions go overdue')
    expect(REMINDER_MESSAGES.label.startsWith(`${REMINDER_MESSAGES.heading}:`)).toBe(true)
    expect(REMINDER_MESSAGES.on).toMatch(/^On: at most one e-mail a day/)
    expect(REMINDER_MESSAGES.off).toMatch(/^Off: no reminder e-mails/)
    expect(REMINDER_MESSAGES.savedOn).toBe('Review reminders on')
    expect(REMINDER_MESSAGES.savedOff).toBe('Review reminders off')
    expect(REMINDER_MESSAGES.loading).toBe('Loading your reminder setting')
    expect(REMINDER_MESSAGES.loadFailed).toMatch(/could not be loaded\. Check your connection and try again\.$/)
    expect(REMINDER_MESSAGES.saveFailed).toMatch(/was not saved\. Check your connection and try again\.$/)
    const words = Object.values(REMINDER_MESSAGES)
    expect(new Set(words).size).toBe(words.length)
  })
})
