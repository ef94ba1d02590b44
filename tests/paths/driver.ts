import { expect, type Locator, type Page, type Route } from '@playwright/test'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { shadow } from '../../machines/testing/shadow'
import type { PathSpec, UnreachableDeclarations } from '../../machines/testing/spec'
import type { Toast } from '../../src/domain/signup'

/**
 * A driver says how a person (or the browser, or the backend) makes each event of an APP machine happen in the
 * page, and what the page must show in each of its states. The paths come from the app machine itself (planned
 * by machines/testing/tours.ts into docs/flows/flows.json); tests/paths/runner.ts drives each one through the page
 * while a shadow of the same machine says which state every step must reach. No second machine is written.
 */
export interface PathContext {
  /** The planned path being driven (its sentence is the test's title). */
  path: PathSpec
  /** The path's events, in order (from the machine's sample events). */
  events: readonly AnyEventObject[]
  /** Index of the step being performed; -1 while starting. */
  step: number
  /** The state the page is in before the step (as the shadow machine has it). */
  view: AnyView
  /** What this test keeps between steps: the user it made, requests held at the network, and so on. */
  data: Record<string, unknown>
  baseURL: string
}

// biome-ignore lint/suspicious/noExplicitAny: each driver reads its own machine's context
type AnyView = StateView<any>
/**
 * The shadow machine's view of the state the page must be in. A check asks it the questions the view asks the app
 * machine (`can`, `hasTag`, `matches`), so a page that enables a button the machine would refuse fails, and a
 * wrong rule cannot pass in both the machine and the test.
 */
export interface StateView<TContext = unknown> {
  value: unknown
  context: TContext
  /** Active state node ids. */
  active: string[]
  /** Whether the machine takes this event now (a button for it is enabled). */
  can(event: AnyEventObject): boolean
  hasTag(tag: string): boolean
  matches(value: unknown): boolean
}

type Perform = (page: Page, event: AnyEventObject, ctx: PathContext) => Promise<void>
// biome-ignore lint/suspicious/noExplicitAny: each state check reads its own machine's context
type Check = (page: Page, view: StateView<any>, ctx: PathContext) => Promise<void>

export interface Driver<M extends AnyStateMachine = AnyStateMachine> {
  /** The machine's file name, `machines/<name>.machine.ts` (also its docs/flows page). */
  name: string
  machine: M
  sampleEvents: readonly AnyEventObject[]
  sampleInputs?: readonly unknown[]
  /** Human name of the flow and its page, for the table. */
  flow: string
  /** The page has a phone layout worth a picture in the state atlas. */
  phone?: boolean
  /** What the page cannot reach, with the reason (read by the path planner, the table and docs/flows). */
  unreachable?: UnreachableDeclarations
  /** Opens the page so that the app machine starts as the path begins (it may look ahead at the path's events). */
  start: (page: Page, ctx: PathContext) => Promise<void>
  /** How each event happens, by event type: a person's action, how a held request ends, a timer running out. */
  events: Record<string, Perform>
  /** What the page shows in each atomic or final state (by state id); each check must fail in every other state. */
  states: Record<string, Check>
  /** Console errors a library prints for a failure a path causes on purpose (nothing else may be printed). */
  allowConsole?: RegExp
}

export function defineDriver<M extends AnyStateMachine>(driver: Driver<M>): Driver<M> {
  return driver
}

/**
 * Requests held at the network until the path says how they end (async results are events of the app machine):
 * `next(page)` resolves with the oldest held request, to continue, fulfil or abort. `match` is a URL glob, a
 * pattern or a predicate; only requests of `method` are held (`null`: any method), the rest go on.
 */
export function holdRequests(match: string | RegExp | ((url: URL) => boolean), method: string | null = 'POST') {
  const held = new WeakMap<Page, Route[]>()
  const waiting = new WeakMap<Page, Array<(route: Route) => void>>()
  // While set, requests are answered at once instead of held (answerAll, releaseAll).
  const answering = new WeakMap<Page, (route: Route) => Promise<void>>()
  return {
    async install(page: Page) {
      held.set(page, [])
      waiting.set(page, [])
      await page.route(match, async (route) => {
        if (method && route.request().method() !== method) return route.fallback()
        const answer = answering.get(page)
        if (answer) return answer(route)
        const next = waiting.get(page)?.shift()
        if (next) next(route)
        else held.get(page)?.push(route)
      })
    },
    next(page: Page): Promise<Route> {
      const queued = held.get(page)?.shift()
      if (queued) return Promise.resolve(queued)
      return new Promise((resolve) => waiting.get(page)?.push(resolve))
    },
    /**
     * Answers every held request, and each one after it, with `answer` (a server that keeps failing), without a
     * second route: a route added later is asked first, so it would take a request the path expects to find held.
     * The returned function makes the holder hold requests again.
     */
    async answerAll(page: Page, answer: (route: Route) => Promise<void>): Promise<() => void> {
      answering.set(page, answer)
      for (const route of held.get(page)?.splice(0) ?? []) await answer(route)
      return () => answering.delete(page)
    },
    /** Lets every held request go on (and the ones still to come). */
    async releaseAll(page: Page) {
      await this.answerAll(page, (route) => route.continue())
    },
    /** How many requests are held (a held request is a sign of the page's state). */
    pending: (page: Page) => held.get(page)?.length ?? 0,
    /** Waits until the page has asked (a request is held). */
    async expectPending(page: Page) {
      await expect.poll(() => held.get(page)?.length ?? 0).toBeGreaterThan(0)
    },
  }
}

/** A GoTrue-shaped error answer for a held auth request. */
export function authErrorResponse(status: number, code: string, msg: string) {
  return {
    status,
    contentType: 'application/json',
    headers: {
      'x-supabase-api-version': '2024-01-01',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'x-supabase-api-version',
    },
    body: JSON.stringify({ code, msg, error_code: code }),
  }
}

/**
 * Types `value` into a field. A field that already holds it gets a real edit that ends where it began (a space
 * typed and deleted): the browser sends no change for a fill with the same text, while the machine's event
 * (FIELD_CHANGED with this value) is an edit all the same.
 */
export async function changeField(field: Locator, value: string) {
  if ((await field.inputValue()) !== value) return field.fill(value)
  await field.focus()
  await field.press('End')
  await field.pressSequentially('x')
  await field.press('Backspace')
}

// Toasts: what the machine says it shows on a step, checked in the page.

/** The toasts the machine raises on the path's step (its `notify` actions, replayed on a shadow of the machine). */
function stepToasts(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[], step: number): Toast[] {
  if (step < 0) return []
  const toasts: Toast[] = []
  let recording = false
  const sh = shadow(machine, input, { onAction: (action) => void (recording && action.type === 'notify' && toasts.push(action.params as Toast)) })
  for (const [i, event] of events.entries()) {
    if (i > step) break
    recording = i === step
    sh.send(event)
  }
  sh.stop()
  return toasts
}

/** What the page showed: a toast or a heading (h1, h2), its text, and the page's address at that moment. */
interface Shown {
  kind: 'toast' | 'heading'
  text: string
  url: string
}
const shownOnPage = new WeakMap<Page, Shown[]>()
/**
 * Records every toast and heading the page shows, with the address it was shown on: for states the page leaves on
 * its own a second later, whose check may come after the page has gone on a busy machine.
 */
export async function recordShown(page: Page) {
  shownOnPage.set(page, [])
  await page.exposeBinding('__shown', (_source, kind: Shown['kind'], text: string, url: string) => void shownOnPage.get(page)?.push({ kind, text, url }))
  await page.addInitScript(() => {
    const seen = new Set<string>()
    const record = (kind: string, text: string, url: string) =>
      (window as unknown as { __shown: (kind: string, text: string, url: string) => Promise<void> }).__shown(kind, text, url)
    new MutationObserver(() => {
      for (const [kind, selector] of [
        ['toast', '[data-sonner-toast]'],
        ['heading', 'h1, h2'],
      ] as const) {
        for (const element of document.querySelectorAll(selector)) {
          const text = element.textContent?.trim() ?? ''
          if (!text || seen.has(`${kind}:${text}`)) continue
          seen.add(`${kind}:${text}`)
          void record(kind, text, location.href)
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

const shownOf = (page: Page, kind: Shown['kind']) => (shownOnPage.get(page) ?? []).filter((s) => s.kind === kind)
/** The first toast containing `words` the page showed since recordShown, including on pages it has left since. */
export const seenToast = (page: Page, words: string): Shown | undefined => shownOf(page, 'toast').find((t) => t.text.includes(words))
/** The first heading reading `text` the page showed since recordShown, including on pages it has left since. */
export const seenHeading = (page: Page, text: string): Shown | undefined => shownOf(page, 'heading').find((h) => h.text === text)

/**
 * The step's toasts are on screen: title, and the description unless the page words the failure itself. With
 * `seen`, a toast the page showed counts even when the page has left since (see recordShown).
 */
export async function expectStepToasts(page: Page, machine: AnyStateMachine, ctx: PathContext, wordedByPage = false, seen = false) {
  for (const toast of stepToasts(machine, ctx.path.input, ctx.events, ctx.step)) {
    const words = [toast.title, ...(!wordedByPage && toast.description ? [toast.description] : [])]
    if (seen) {
      await expect.poll(() => shownOf(page, 'toast').some(({ text }) => words.every((w) => text.includes(w))), { message: `toast ${toast.title}` }).toBe(true)
      continue
    }
    let shown = page.locator('[data-sonner-toast]').filter({ hasText: toast.title })
    if (words[1]) shown = shown.filter({ hasText: words[1] })
    await expect(shown.first()).toBeVisible()
  }
}

/** A failure the page meets as a real dropped connection or a thrown error words itself (not the sample's text). */
export const wordedByPage = (event: AnyEventObject | undefined) => {
  const error = (event as { error?: unknown } | undefined)?.error
  return error instanceof Error || (error as { code?: string } | undefined)?.code === 'network'
}

