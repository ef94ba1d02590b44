import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReferralPayload } from '../domain/contact'

const invoke = vi.fn()
vi.mock('./client', () => ({ getSupabase: async () => ({ functions: { invoke } }) }))

const { ContactSendError, sendReferral } = await import('./referral')

const payload: ReferralPayload = {
  name: 'Jane Smith',
  email: 'jane@care.org.uk',
  message: 'Hello',
  to: 'referrals@example.org',
  hpt: '',
  subject: 'Referral from Ready4Life Jane Smith',
  service: 'ready4life',
}

async function failure(result: unknown) {
  invoke.mockReset()
  if (result instanceof Error) invoke.mockRejectedValue(result)
  else invoke.mockResolvedValue(result)
  const error = await sendReferral(payload).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ContactSendError)
  return error as InstanceType<typeof ContactSendError>
}

describe('sendReferral', () => {
  beforeEach(() => invoke.mockReset())

  it('invokes send-contact with exactly the payload and resolves on { success: true }', async () => {
    invoke.mockResolvedValue({ data: { success: true }, error: null })
    await expect(sendReferral(payload)).resolves.toBeUndefined()
    expect(invoke).toHaveBeenCalledWith('send-contact', { body: payload })
  })

  it('rejects on a 429 as rate-limited, on other 4xx as rejected, on 5xx as unavailable', async () => {
    const http = (status: number) => ({ data: null, error: new FunctionsHttpError(new Response('{}', { status })) })
    expect(await failure(http(429))).toMatchObject({ kind: 'rate-limited', status: 429 })
    expect(await failure(http(400))).toMatchObject({ kind: 'rejected', status: 400 })
    expect(await failure(http(500))).toMatchObject({ kind: 'unavailable', status: 500 })
  })

  it('rejects as unavailable when the network is down, invoke throws, or success is not confirmed', async () => {
    expect((await failure({ data: null, error: new FunctionsFetchError(new TypeError('Failed to fetch')) })).kind).toBe('unavailable')
    expect((await failure(new TypeError('Failed to fetch'))).kind).toBe('unavailable')
    expect((await failure({ data: { success: false }, error: null })).kind).toBe('unavailable')
    expect((await failure({ data: null, error: null })).kind).toBe('unavailable')
  })
})
