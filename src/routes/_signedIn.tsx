import { createFileRoute } from '@tanstack/react-router'
import { SignedInLayout } from '../views/session/SignedInLayout'

/** The signed-in area: its pages get the user from the one session, and leave without one (views/session). */
export const Route = createFileRoute('/_signedIn')({
  component: SignedInLayout,
})
