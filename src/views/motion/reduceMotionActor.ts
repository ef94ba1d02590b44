import { createActor, fromCallback } from 'xstate'
import { type ReduceMotionEvent, reduceMotionMachine } from '../../../machines/reduceMotion.machine'
import { inspect } from '../../devtools/inspector'
import { CHANGE_EVENT, STORAGE_KEY } from './constants'

function readStored(): boolean | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    return raw === 'true' ? true : raw === 'false' ? false : null
  } catch {
    return null
  }
}

/** Reads the stored setting and the system preference when the actor starts, then follows changes. */
const preferenceListener = fromCallback<ReduceMotionEvent>(({ sendBack }) => {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)')
  sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: query.matches })
  sendBack({ type: 'STORED_SETTING_CHANGED', value: readStored() })
  const onQuery = (e: MediaQueryListEvent) => sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: e.matches })
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) sendBack({ type: 'STORED_SETTING_CHANGED', value: readStored() })
  }
  query.addEventListener('change', onQuery)
  window.addEventListener('storage', onStorage)
  return () => {
    query.removeEventListener('change', onQuery)
    window.removeEventListener('storage', onStorage)
  }
})

const machine = reduceMotionMachine.provide({
  actors: { preferenceListener },
  actions: {
    persistSetting: (_, { value }) => {
      try {
        window.localStorage.setItem(STORAGE_KEY, String(value))
      } catch {
        // Storage can be disabled (private mode); the setting then lasts for this page only.
      }
    },
    applyRootClass: (_, { reduce }) => {
      document.documentElement.classList.toggle('reduce-motion', reduce)
      document.documentElement.classList.toggle('allow-motion', !reduce)
    },
    announceChange: (_, { reduce }) => window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { reduce } })),
  },
})

/** Start the browser's reduce-motion actor (client only). */
export function startReduceMotionActor() {
  return createActor(machine, { input: { stored: null, system: false }, inspect }).start()
}
