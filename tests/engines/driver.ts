import type { QuerySpec } from './page-query'

/**
 * The small driver interface the engine-agnostic steps (steps.ts) are written against. firefox.ts implements
 * it with puppeteer-core (WebDriver BiDi), webkit.ts with WebdriverIO (classic WebDriver). Clicks and typing
 * are the driver's native input (pointer and key actions), never element.click() in the page.
 */
export type EngineName = 'firefox' | 'webkit'

/** What to act on: a CSS selector, or a role and accessible name, a field's label, or a text (see page-query.ts). */
export type Target =
  | string
  | {
      role?: string
      name?: string | RegExp
      level?: number
      label?: string
      text?: string
      css?: string
      within?: Target
      nth?: number
      includeHidden?: boolean
    }

export type Key = 'Tab' | 'Enter' | 'Escape' | 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'Backspace' | 'Space'

export interface EngineDriver {
  readonly engine: EngineName
  /** Loads a site path (or an absolute URL) and waits for the load event. */
  goto(pathOrUrl: string): Promise<void>
  url(): Promise<string>
  /** The browser's Back. */
  back(): Promise<void>
  /** Waits until the target is visible and enabled, then clicks its centre with the driver's pointer. */
  click(target: Target): Promise<void>
  /** Clicks into the field, selects what it holds with the keyboard, and types `text` key by key (replacing it). */
  type(target: Target, text: string): Promise<void>
  /** Like type(), but keeps what the field holds and types at its end. */
  append(target: Target, text: string): Promise<void>
  /** Chooses the option with this visible label in a <select>, by keyboard (both engines' popups are native UI). */
  choose(target: Target, optionLabel: string): Promise<void>
  press(key: Key): Promise<void>
  /** Ctrl+V in the focused field. */
  paste(): Promise<void>
  /** Null when the target is not there. */
  text(target: Target): Promise<string | null>
  value(target: Target): Promise<string | null>
  attribute(target: Target, name: string): Promise<string | null>
  count(target: Target): Promise<number>
  isVisible(target: Target): Promise<boolean>
  /** The CSS viewport in pixels (WebKit: the window, sized so the page gets exactly this width). */
  setViewport(width: number, height: number): Promise<void>
  /** Runs a self-contained function in the page (its source is sent, so it cannot use anything outside). */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>
  /** Console errors, uncaught errors and CSP violations since the last call (then forgotten). */
  takeProblems(): Promise<string[]>
  close(): Promise<void>
}

export interface PageOptions {
  /** Requests to this origin fail as if its server were down (each driver does it its own way; see README). */
  unreachable?: string
}

export interface EngineBrowser {
  readonly engine: EngineName
  /** Browser name and version as the driver reports them. */
  readonly version: string
  /** A page with fresh storage (cookies, localStorage, sessionStorage) at the desktop viewport. */
  newPage(options?: PageOptions): Promise<EngineDriver>
  close(): Promise<void>
}

export const DESKTOP = { width: 1280, height: 900 } as const
export const PHONE = { width: 390, height: 844 } as const

/** The serialisable form of a Target for page-query.ts. */
export function toSpec(target: Target): QuerySpec {
  if (typeof target === 'string') return { css: target }
  const { within, name, ...rest } = target
  return {
    ...rest,
    ...(name === undefined ? {} : { name: typeof name === 'string' ? name : { source: name.source, flags: name.flags } }),
    ...(within === undefined ? {} : { within: toSpec(within) }),
  }
}

export function describeTarget(target: Target): string {
  if (typeof target === 'string') return target
  const parts = [
    target.role && `role=${target.role}`,
    target.name !== undefined && `name=${String(target.name)}`,
    target.level !== undefined && `level=${target.level}`,
    target.label !== undefined && `label=${target.label}`,
    target.text !== undefined && `text=${target.text}`,
    target.css && `css=${target.css}`,
    target.nth !== undefined && `nth=${target.nth}`,
  ].filter(Boolean)
  return `${parts.join(' ')}${target.within ? ` within (${describeTarget(target.within)})` : ''}`
}

/** Polls `check` until it returns true-ish or `timeout` ms pass; used by the drivers' auto-waiting. */
export async function waitUntil<T>(check: () => Promise<T | false | null | undefined>, timeout: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const result = await check()
      if (result) return result
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what()}${last ? ` (${String(last)})` : ''}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** How long a driver waits for an element to become actionable. */
export const ACTION_TIMEOUT = 15_000
