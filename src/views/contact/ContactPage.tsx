import { getRouteApi } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { contactReferralMachine } from '../../../machines/contactReferral.machine'
import { sendReferral } from '../../backend/referral'
import { config } from '../../config'
import { type ReferralField, type ReferralPayload, toProgramme } from '../../domain/contact'
import { inspect } from '../../devtools/inspector'
import { pageEntry } from '../../seo/pages'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { StaticPage } from '../layout/StaticPage'
import * as s from './contact.css'
import { ContactForm } from './ContactForm'
import { ProgrammePanel } from './ProgrammePanel'

const route = getRouteApi('/contact')

/** /contact: the referral form (machines/contactReferral.machine.ts) and the programme it refers to. */
export function ContactPage() {
  usePreloadedToaster()
  const entry = pageEntry('/contact')
  const { service } = route.useSearch()
  const fields = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  } satisfies Record<ReferralField, unknown>

  const actor = useActorRef(
    contactReferralMachine.provide({
      actions: {
        focusField: (_, { field }) => {
          if (field) fields[field].current?.focus()
        },
        notifySent: () =>
          notify({ title: 'Message sent', description: "Thank you for your referral. We'll be in touch shortly.", variant: 'success' }),
        notifyFallback: (_, { address }) => notify({ title: 'Opening mail client', description: `If it didn't open, email ${address}` }),
        openMailClient: (_, { href }) => {
          window.location.href = href
        },
      },
      actors: {
        sendReferral: fromPromise<void, ReferralPayload>(({ input }) => sendReferral(input)),
      },
    }),
    // Same input on the server and the client: the programme from ?service= arrives after mount.
    { input: { to: config.referralEmail, brand: config.brand }, inspect },
  )

  useEffect(() => {
    actor.send({ type: 'PROGRAMME_SELECTED', programme: toProgramme(service) })
  }, [actor, service])

  const programme = useSelector(actor, (snap) => snap.context.programme)

  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <div className={s.layout}>
        <ContactForm actor={actor} fields={fields} />
        <ProgrammePanel programme={programme} address={config.referralEmail} />
      </div>
    </StaticPage>
  )
}
