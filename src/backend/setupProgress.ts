/**
 * The setup wizard's storage (machines/setupWizard.machine.ts): its unfinished progress, kept per user in
 * sessionStorage so a reload resumes on the same step (cleared once saved, and on sign-out), and the answers saved
 * by an earlier run, read from the user's row for 'Run setup again'.
 */
import { fromPromise } from 'xstate'
import type { StoredProgress } from '../../machines/setupWizard.machine'
import { parseStoredAnswers, type WizardAnswers } from '../domain/onboarding'
import { savedWizardAnswers } from './profileRow'
import { SETUP_PROGRESS_PREFIX } from './storedSession'

/** sessionStorage key of one user's unfinished progress. */
export const progressKey = (userId: string) => `${SETUP_PROGRESS_PREFIX}${userId}`

/** The progress stored for this user in this browser session, or null (none, unreadable or malformed). */
export function readStoredProgress(userId: string): StoredProgress | null {
  try {
    const raw = window.sessionStorage.getItem(progressKey(userId))
    const answers = parseStoredAnswers(raw)
    if (!answers || !raw) return null
    const step = Number((JSON.parse(raw) as { step?: unknown }).step)
    return { step: Number.isFinite(step) ? step : 0, answers }
  } catch {
    return null
  }
}

export function storeProgress(progress: { userId: string; step: number; answers: WizardAnswers }): void {
  try {
    window.sessionStorage.setItem(progressKey(progress.userId), JSON.stringify({ step: progress.step, answers: progress.answers }))
  } catch {
    // Storage may be unavailable (private mode): the answers then live for this page only.
  }
}

export function clearProgress(userId: string): void {
  try {
    window.sessionStorage.removeItem(progressKey(userId))
  } catch {}
}

/** The wizard's `savedAnswers` actor: the answers of an earlier, finished run, or null. It never fails. */
export const savedAnswersActor = fromPromise<WizardAnswers | null, { userId: string }>(async ({ input }) => {
  try {
    return await savedWizardAnswers(input.userId)
  } catch {
    return null
  }
})
