import { Outlet, useMatches, useNavigate } from '@tanstack/react-router'
import { createContext, useContext, useEffect, useState } from 'react'
import type { SessionUser } from '../../../machines/session.machine'
import { loadSession, useSession } from './session'

/** Where a signed-in page sends a visitor without a session (the route's `staticData.signedOutTo`). */
export type SignedOutTo = '/' | '/auth'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    signedOutTo?: SignedOutTo
  }
}

const SignedInUser = createContext<SessionUser | null>(null)

/**
 * The signed-in layout (src/routes/_signedIn.tsx): every page under it is for a signed-in person. It asks the one
 * session (started here if the app root has not already) and gives its pages the user once the session knows
 * (`useSignedInUser()`; null until then, while each page shows its own prerendered loading state). Without a
 * session, or when it ends elsewhere, it leaves for the page's `signedOutTo` (replacing the history entry). When
 * this device signs out, the page that asked takes the person on, so the layout stays until then.
 *
 * Not a `beforeLoad`: TanStack Router trusts the server's `beforeLoad` when it hydrates a prerendered page (and the
 * prerendered page has no session), so the first page load must be decided here in any case.
 */
export function SignedInLayout() {
  const session = useSession()
  const navigate = useNavigate()
  const signedOutTo = useMatches({ select: (matches) => matches.at(-1)?.staticData.signedOutTo ?? '/auth' })
  // The user stays for the page while this device signs out: the page that asked takes the person on.
  const [user, setUser] = useState<SessionUser | null>(null)
  if (session.user && session.user.userId !== user?.userId) setUser(session.user)

  // The session cannot even be loaded (the connection dropped): an unreadable session is no session.
  const [unreadable, setUnreadable] = useState(false)
  useEffect(() => void loadSession().catch(() => setUnreadable(true)), [])
  useEffect(() => {
    if (session.status === 'signedOut' || unreadable) void navigate({ to: signedOutTo, replace: true })
  }, [session.status, unreadable, signedOutTo, navigate])

  return (
    <SignedInUser.Provider value={user}>
      <Outlet />
    </SignedInUser.Provider>
  )
}

/** The signed-in user of a page under the signed-in layout, or null while the session is being checked. */
export function useSignedInUser(): SessionUser | null {
  return useContext(SignedInUser)
}
