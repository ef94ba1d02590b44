import { config } from '../../config'

/** API base URL shown in the quick start: the api. subdomain of the public site. */
export function apiBaseUrl(siteUrl: string = config.siteUrl): string {
  const url = new URL(siteUrl)
  const host = url.hostname.replace(/^www\./, '')
  return `${url.protocol}//api.${host}`
}
