import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../styles/global.css'
import { lightTheme } from '../styles/theme.css'
import { SpecSite } from './SpecSite'

/**
 * Entry of the static spec site (`npm run build:spec`): built as one classic script, so the site also opens from
 * a folder (file://), where module scripts and fetch are blocked.
 */
document.documentElement.classList.add(lightTheme)
const root = document.getElementById('root')
if (root) createRoot(root).render(
  <StrictMode>
    <SpecSite />
  </StrictMode>,
)
