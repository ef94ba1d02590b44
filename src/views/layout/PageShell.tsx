import type { ReactNode } from 'react'
import type { Sector } from '../../domain/sectors'
import { darkTheme, lightTheme } from '../../styles/theme.css'
import * as s from './layout.css'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** Every page: skip link, header, one main landmark, footer. Sector pages use the dark theme. */
export function PageShell({ children, theme = 'light', activeSector }: { children: ReactNode; theme?: 'light' | 'dark'; activeSector?: Sector }) {
  return (
    <div className={`${theme === 'dark' ? darkTheme : lightTheme} ${s.page}`} data-theme={theme}>
      <a href="#main" className={s.skipLink}>
        Skip to content
      </a>
      <SiteHeader activeSector={activeSector} />
      <main id="main" tabIndex={-1} className={s.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
