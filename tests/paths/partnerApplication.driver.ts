import { expect, type Page } from '@playwright/test'
import { type PartnerApplicationContext, partnerApplicationMachine } from '../../machines/partnerApplication.machine'
import { partnerApplicationSampleEvents, partnerApplicationSampleInput } from '../../machines/partnerApplication.samples'
import { type PartnerField, partnerSummary } from '../../src/domain/partnerApplication'
import { waitForHydration } from '../e2e/support'
import { changeField, defineDriver, type StateView, type PathContext } from './driver'
import { partnerApply } from '../support/pages/forms'
import { toastRegion } from '../support/pages/shell'

/**
 * /partner-apply: the form, the live summary and 'Copy summary'. The page's clipboard write is held in the page
 * until the path says how it ends: it goes on to the real clipboard (permission granted) or the browser refuses
 * it (a NotAllowedError with the sample error's message). The page's clock is paused after load, so the
 * 2-second 'Copied' indicator ends only when the path runs the clock on.
 */
const LABELS: Record<PartnerField, string> = {
  fullName: 'Full name',
  email: 'Email',
  company: 'Company',
  sector: 'Sector',
  staff: 'Approximate staff',
  sites: 'Sites',
  notes: 'Notes (optional)',
}
const field = (page: Page, name: PartnerField) => partnerApply.field(page, LABELS[name])
const { copyButton, summary, copied, copyError } = partnerApply

declare global {
  interface Window {
    __heldCopies?: Array<{ text: string; resolve: () => void; reject: (error: unknown) => void }>
  }
}

/** Holds every clipboard write of the page (the real one is kept for letting a write go on). */
function holdClipboard() {
  const clipboard = navigator.clipboard
  const write = clipboard.writeText.bind(clipboard)
  window.__heldCopies = []
  Object.defineProperty(clipboard, 'writeText', {
    configurable: true,
    value: (text: string) => new Promise<void>((resolve, reject) => window.__heldCopies?.push({ text, resolve, reject })),
  })
  Object.defineProperty(window, '__writeClipboard', { value: write })
}

/** Ends the oldest held clipboard write: on to the real clipboard, or refused with `message`. */
async function endCopy(page: Page, refusal?: string) {
  await expect.poll(() => page.evaluate(() => window.__heldCopies?.length ?? 0)).toBeGreaterThan(0)
  await page.evaluate(async (refusal) => {
    const held = window.__heldCopies?.shift()
    if (!held) throw new Error('no clipboard write is held')
    if (refusal !== undefined) return held.reject(new DOMException(refusal, 'NotAllowedError'))
    try {
      await (window as unknown as { __writeClipboard: (text: string) => Promise<void> }).__writeClipboard(held.text)
      held.resolve()
    } catch (error) {
      held.reject(error)
    }
  }, refusal)
}

/**
 * The toasts with this title are on screen, one for each time the path has raised it so far (paused time
 * dismisses none). sonner adds a toast from a timer: the check moves the paused clock on by a millisecond at a
 * time until it shows (far from the indicator's 2 seconds).
 */
async function expectToasts(page: Page, title: string, count: number) {
  const toasts = toastRegion(page).getByText(title, { exact: true })
  await expect
    .poll(
      async () => {
        const shown = await toasts.count()
        if (shown < count) await page.clock.runFor(1)
        return shown
      },
      { intervals: [50, 100, 200] },
    )
    .toBe(count)
}

/** How many of the path's events up to the current step are `type`. */
const sofar = (ctx: PathContext, type: string) => ctx.events.slice(0, ctx.step + 1).filter((e) => e.type === type).length

/** The form holds the draft and the summary is generated from it. */
async function expectDraft(page: Page, c: PartnerApplicationContext) {
  for (const [name, value] of Object.entries(c.draft)) await expect(field(page, name as PartnerField)).toHaveValue(value)
  await expect(summary(page)).toHaveValue(partnerSummary(c.draft))
}

/** Copy summary is enabled exactly when the machine would take COPY. */
async function expectCopyButton(page: Page, view: StateView) {
  if (view.can({ type: 'COPY' })) await expect(copyButton(page)).toBeEnabled()
  else await expect(copyButton(page)).toBeDisabled()
}

export const driver = defineDriver({
  name: 'partnerApplication',
  flow: 'partner application (/partner-apply)',
  machine: partnerApplicationMachine,
  sampleEvents: partnerApplicationSampleEvents,
  sampleInputs: [partnerApplicationSampleInput],
  phone: true,
  async start(page, ctx) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.baseURL })
    await page.addInitScript(holdClipboard)
    await page.clock.install()
    await page.goto('/partner-apply')
    await waitForHydration(page)
    // The page mounts its toast region after hydration; pausing a second ahead lets the region's settle timer
    // pass (toasts wait for it), and from then on time moves only when the path says so.
    await expect(toastRegion(page)).toBeAttached()
    await page.clock.pauseAt(Date.now() + 1000)
  },
  events: {
    FIELD_CHANGED: (page, event) => changeField(field(page, event.field as PartnerField), event.value as string),
    COPY: (page) => copyButton(page).click(),
    'xstate.done.actor.copySummary': (page) => endCopy(page),
    'xstate.error.actor.copySummary': (page, event) => endCopy(page, (event.error as { message: string }).message),
    'xstate.after.copiedIndicatorDelay.partnerApplication.copied': (page) => page.clock.runFor(2000),
  },
  states: {
    'partnerApplication.idle': async (page, view) => {
      await expectDraft(page, view.context)
      await expectCopyButton(page, view)
      await expect(copied(page)).toHaveCount(0)
      await expect(copyError(page)).toHaveCount(0)
    },
    'partnerApplication.copying': async (page, view) => {
      await expectDraft(page, view.context)
      expect(view.can({ type: 'COPY' }), 'a copy is under way').toBe(false)
      await expect(copyButton(page)).toBeDisabled()
      await expect(copied(page)).toHaveCount(0)
      await expect(copyError(page)).toHaveCount(0)
    },
    'partnerApplication.copied': async (page, view, ctx) => {
      await expect(copied(page)).toBeVisible()
      await expectToasts(page, 'Application summary copied', sofar(ctx, 'xstate.done.actor.copySummary'))
      await expectCopyButton(page, view)
      await expect(copyError(page)).toHaveCount(0)
      await expectDraft(page, view.context)
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(partnerSummary(view.context.draft))
    },
    'partnerApplication.copyFailed': async (page, view, ctx) => {
      await expect(copyError(page)).toContainText('Your browser did not let us copy to the clipboard')
      await expectToasts(page, 'Copy failed', sofar(ctx, 'xstate.error.actor.copySummary'))
      await expect(copied(page)).toHaveCount(0)
      await expectCopyButton(page, view)
      // The summary is selected, ready to be copied by hand.
      await expect(summary(page)).toBeFocused()
      const [start, end, length] = await summary(page).evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, el.value.length])
      expect([start, end]).toEqual([0, length])
      await expectDraft(page, view.context)
    },
  },
})
