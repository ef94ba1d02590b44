import { SSO_PROVIDER_LABELS, SSO_PROVIDERS, type SsoProvider } from '../../domain/ssoProviders'
import { Button } from '../../ui/Button'
import * as s from './auth.css'

const MARKS: Record<SsoProvider, string> = { google: 'G', linkedin_oidc: 'in', apple: 'A', facebook: 'f' }

/** 'Continue with …' for the four providers; disabled while one is starting. */
export function SsoButtons({ busyProvider, onChoose }: { busyProvider: SsoProvider | null; onChoose: (provider: SsoProvider) => void }) {
  return (
    <fieldset className={s.ssoFieldset}>
      <legend className="sr-only">Single sign-on</legend>
      <div className={s.ssoGrid}>
      {SSO_PROVIDERS.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          onClick={() => onChoose(provider)}
          disabled={busyProvider !== null}
          busy={busyProvider === provider}
        >
          <span className={s.ssoMark} aria-hidden="true">
            {MARKS[provider]}
          </span>
          Continue with {SSO_PROVIDER_LABELS[provider]}
        </Button>
      ))}
      </div>
    </fieldset>
  )
}
