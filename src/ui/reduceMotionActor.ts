import { createActor, fromCallback } from 'xstate'
import { type ReduceMotionEvent, reduceMotionMachine } from '../../machines/reduceMotion.machine'
import { inspect } from '../devtools/inspector'
import { CHANGE_EVENT, STORAGE_KEY, SYSTEM_QUERY } from './reduceMotionSetting'

/** The stored setting: true, false, or null when none is stored (or storage is unavailable). */
function readStoredSetting(): boolean | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    return raw === 'true' ? true : raw === 'false' ? false : null
  } catch {
    return null
  }
}

/** Reads the stored setting and the system preference when the actor starts, then follows changes. */
const preferenceListener = fromCallback<ReduceMotionEvent>(({ sendBack }) => {
  const query = window.matchMedia(SYSTEM_QUERY)
  sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: query.matches })
  sendBack({ type: 'STORED_SETTING_CHANGED', value: readStoredSetting() })
  const onQuery = (e: MediaQueryListEvent) => sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: e.matches })
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) sendBack({ type: 'STORED_SETTING_CHANGED', value: readStoredSetting() })
  }
  query.addEventListener('change', onQuery)
  window.addEventListener('storage', onStorage)
  return () => {
    query.removeEventListener('change', onQuery)
    window.removeEventListener('storage', onStorage)
  }
})

/**
 * Start the browser's reduce-motion actor (client only). It is started on demand (src/ui/ReduceMotion),
 * when the page has so far followed the system setting; the window event announces changes from that only, so
 * starting the actor is not itself announced as one.
 */
export function startReduceMotionActor() {
  // The real inputs from the start, so the first state entered is already the right one (no passing change).
  const input = { stored: readStoredSetting(), system: window.matchMedia(SYSTEM_QUERY).matches }
  let announced = input.system
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
      announceChange: (_, { reduce }) => {
        if (reduce === announced) return
        announced = reduce
        window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { reduce } }))
      },
    },
  })
  return createActor(machine, { input, inspect }).start()
}
