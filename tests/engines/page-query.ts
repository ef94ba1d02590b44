/**
 * What the engines suite runs inside the page. Both drivers send a function to the page as its source text
 * (puppeteer's evaluate, WebDriver's Execute Script), so `pageQuery` must be self-contained: no imports, no
 * helpers outside its body, nothing but the arguments.
 *
 * It finds elements the way a user (and Playwright's getByRole/getByLabel) names them: by role and accessible
 * name, by label, or by CSS; only rendered elements outside aria-hidden subtrees count unless asked. The name
 * computation is a small subset of accname (aria-labelledby, aria-label, <label>, alt, content, title,
 * placeholder), enough for this product's markup.
 */

/** A RegExp does not survive serialisation; it travels as its source and flags. */
export interface SerialPattern {
  source: string
  flags: string
}

export interface QuerySpec {
  css?: string
  role?: string
  /** Accessible name: a string matches the whole trimmed, whitespace-collapsed name; a pattern matches anywhere. */
  name?: string | SerialPattern
  /** Heading level for role 'heading'. */
  level?: number
  /** A form control by its accessible name (usually its <label>). */
  label?: string
  /** The innermost element whose text contains this. */
  text?: string
  within?: QuerySpec
  /** Which match to take when several match (default: the first). */
  nth?: number
  includeHidden?: boolean
}

export type QueryOp = 'element' | 'count' | 'text' | 'value' | 'attr' | 'state' | 'reveal'

export interface ElementState {
  found: boolean
  visible: boolean
  enabled: boolean
}

/**
 * Runs `op` on the element(s) `spec` finds. With `collect`, first installs (once per document) the error
 * collector that WebKit needs: its classic WebDriver has neither console logs nor preload scripts, so console
 * errors, uncaught errors, rejected promises, CSP violations and failed same-origin loads are recorded in
 * `window.__engineProblems` from the first driver call on each document.
 */
export function pageQuery(spec: QuerySpec | null, op: QueryOp, arg: string | null, collect: boolean): unknown {
  const w = window as unknown as { __engineProblems?: string[] }
  if (collect && !w.__engineProblems) {
    const list: string[] = []
    w.__engineProblems = list
    const original = console.error.bind(console)
    console.error = (...args: unknown[]) => {
      list.push(`console.error: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`)
      original(...args)
    }
    window.addEventListener(
      'error',
      (e: Event) => {
        if (e instanceof ErrorEvent) list.push(`pageerror: ${e.message}`)
        else {
          const t = e.target as { src?: string; href?: string } | null
          const url = t?.src || t?.href || ''
          if (url.startsWith(location.origin)) list.push(`failed to load ${url}`)
        }
      },
      true,
    )
    window.addEventListener('unhandledrejection', (e) => {
      const reason = e.reason as { message?: string } | undefined
      list.push(`unhandledrejection: ${reason?.message ?? String(e.reason)}`)
    })
    document.addEventListener('securitypolicyviolation', (e) => list.push(`csp: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`))
  }
  if (!spec) return null

  const squash = (s: string) => s.replace(/\s+/g, ' ').trim()
  const hiddenFromUsers = (el: Element) => !!el.closest('[aria-hidden="true"], [inert]')
  const rendered = (el: Element) => {
    const e = el as Element & { checkVisibility?: (o: object) => boolean }
    if (typeof e.checkVisibility === 'function') return e.checkVisibility({ visibilityProperty: true })
    return el.getClientRects().length > 0
  }
  const visible = (el: Element) => rendered(el) && !hiddenFromUsers(el)

  const implicitRole = (el: Element): string => {
    const tag = el.tagName.toLowerCase()
    const type = (el.getAttribute('type') ?? 'text').toLowerCase()
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : ''
    if (tag === 'button') return 'button'
    if (/^h[1-6]$/.test(tag)) return 'heading'
    if (tag === 'input') {
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button'
      if (type === 'checkbox') return 'checkbox'
      if (type === 'radio') return 'radio'
      if (type === 'range') return 'slider'
      if (type === 'number') return 'spinbutton'
      if (type === 'hidden') return ''
      return 'textbox'
    }
    if (tag === 'textarea') return 'textbox'
    if (tag === 'select') return (el as HTMLSelectElement).multiple ? 'listbox' : 'combobox'
    if (tag === 'option') return 'option'
    if (tag === 'nav') return 'navigation'
    if (tag === 'main') return 'main'
    if (tag === 'aside') return 'complementary'
    if (tag === 'header') return el.closest('article, aside, main, nav, section') ? '' : 'banner'
    if (tag === 'footer') return el.closest('article, aside, main, nav, section') ? '' : 'contentinfo'
    if (tag === 'ul' || tag === 'ol') return 'list'
    if (tag === 'li') return 'listitem'
    if (tag === 'table') return 'table'
    if (tag === 'tr') return 'row'
    if (tag === 'dialog') return 'dialog'
    if (tag === 'img') return 'img'
    if (tag === 'form') return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'form' : ''
    if (tag === 'section') return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : ''
    return ''
  }
  const roleOf = (el: Element) => (el.getAttribute('role') ?? '').trim().split(/\s+/)[0] || implicitRole(el)

  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (node.nodeType !== Node.ELEMENT_NODE) return ''
    const el = node as Element
    if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden')) return ''
    const tag = el.tagName.toLowerCase()
    if (tag === 'script' || tag === 'style' || tag === 'template') return ''
    const label = el.getAttribute('aria-label')
    if (label?.trim()) return ` ${label} `
    if (tag === 'img') return ` ${el.getAttribute('alt') ?? ''} `
    const block = getComputedStyle(el).display !== 'inline'
    const inner = Array.from(el.childNodes).map(textOf).join('')
    return block ? ` ${inner} ` : inner
  }
  const nameFromContent = new Set(['button', 'link', 'heading', 'tab', 'switch', 'checkbox', 'radio', 'option', 'menuitem', 'cell', 'row', 'listitem', 'tooltip'])
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby')
    if (labelledBy) {
      const parts = labelledBy.split(/\s+/).map((id) => document.getElementById(id))
      const joined = squash(parts.map((p) => (p ? textOf(p) : '')).join(' '))
      if (joined) return joined
    }
    const label = el.getAttribute('aria-label')
    if (label?.trim()) return squash(label)
    const labels = (el as HTMLInputElement).labels
    if (labels && labels.length > 0) return squash(Array.from(labels).map(textOf).join(' '))
    if (el.tagName === 'IMG') return squash(el.getAttribute('alt') ?? '')
    if (nameFromContent.has(roleOf(el))) {
      const content = squash(textOf(el))
      if (content) return content
    }
    return squash(el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '')
  }
  const nameMatches = (el: Element, want: string | SerialPattern) => {
    const name = nameOf(el)
    return typeof want === 'string' ? name === squash(want) : new RegExp(want.source, want.flags).test(name)
  }

  const find = (q: QuerySpec, scope: ParentNode): Element[] => {
    const roots = q.within ? find(q.within, scope) : [scope]
    const found: Element[] = []
    for (const root of roots) {
      let candidates: Element[]
      if (q.css) candidates = Array.from(root.querySelectorAll(q.css))
      else if (q.label !== undefined) {
        const label = q.label
        candidates = Array.from(root.querySelectorAll('input, select, textarea, [role="textbox"], [role="combobox"], [role="slider"], [role="switch"]')).filter(
          (el) => nameOf(el) === squash(label),
        )
      } else if (q.role) {
        const role = q.role
        candidates = Array.from(root.querySelectorAll('*')).filter((el) => roleOf(el) === role)
        if (q.level !== undefined) candidates = candidates.filter((el) => Number(el.getAttribute('aria-level') ?? el.tagName.slice(1)) === q.level)
      } else if (q.text !== undefined) {
        const text = squash(q.text)
        const all = Array.from(root.querySelectorAll('body *')).filter((el) => squash(el.textContent ?? '').includes(text))
        // The innermost: no descendant also holds the whole text.
        candidates = all.filter((el) => !all.some((other) => other !== el && el.contains(other)))
      } else candidates = Array.from(root.querySelectorAll('*'))
      if (q.text !== undefined && (q.css || q.role || q.label !== undefined)) {
        const text = squash(q.text)
        candidates = candidates.filter((el) => squash(el.textContent ?? '').includes(text))
      }
      if (q.name !== undefined) {
        const name = q.name
        candidates = candidates.filter((el) => nameMatches(el, name))
      }
      if (!q.includeHidden) candidates = candidates.filter(visible)
      for (const el of candidates) if (!found.includes(el)) found.push(el)
    }
    return found
  }

  const all = find(spec, document)
  const el = all[spec.nth ?? 0] ?? null
  switch (op) {
    case 'element':
      return el
    case 'count':
      return all.length
    case 'text':
      return el ? squash(el.textContent ?? '') : null
    case 'value':
      return el ? (el as HTMLInputElement).value : null
    case 'attr':
      return el ? el.getAttribute(arg ?? '') : null
    case 'reveal': {
      // What a WebDriver Element Click does before clicking, done the same way for both engines: scroll the
      // element into view as the spec says (block 'end', inline 'nearest', instantly; scroll-padding applies,
      // as for keyboard focus), then make sure its centre is not under something else (a sticky bar, a toast).
      if (!el) return 'not found'
      const centre = () => {
        const r = el.getBoundingClientRect()
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
      }
      let c = centre()
      if (c.x < 0 || c.y < 0 || c.x >= window.innerWidth || c.y >= window.innerHeight) {
        el.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' as ScrollBehavior })
        c = centre()
      }
      if (c.x < 0 || c.y < 0 || c.x >= window.innerWidth || c.y >= window.innerHeight) return 'outside the viewport'
      const hit = document.elementFromPoint(c.x, c.y)
      if (hit && (hit === el || el.contains(hit))) return 'ok'
      const cover = hit?.closest('[aria-label], [id], [data-testid]') ?? hit
      const label = cover ? `<${cover.tagName.toLowerCase()} ${['aria-label', 'id', 'data-testid', 'class'].map((a) => (cover.getAttribute(a) ? `${a}="${cover.getAttribute(a)}"` : '')).join(' ').trim()}>` : 'nothing'
      return `covered by ${label}`
    }
    case 'state': {
      if (!el) return { found: false, visible: false, enabled: false }
      const disabled = el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true'
      return { found: true, visible: visible(el), enabled: !disabled }
    }
  }
  return null
}
