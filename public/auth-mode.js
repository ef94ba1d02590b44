// /auth before hydration: which form to show (see AUTH_MODE_SCRIPT_PATH in src/domain/routeSearch.ts).
;(() => {
  try {
    const q = new URLSearchParams(location.search)
    const m = q.get('mode')
    const t = q.get('type')
    const mode = m === 'signup' || t === 'signup' ? 'signup' : m === 'reset' || t === 'recovery' ? 'reset' : 'signin'
    document.documentElement.setAttribute('data-auth-mode', mode)
  } catch {
    // A browser without URLSearchParams: the app picks the form once it runs.
  }
})()
