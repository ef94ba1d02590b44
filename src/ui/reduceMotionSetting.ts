/** localStorage key of the reduce-motion setting, and the window event announcing changes. */
export const STORAGE_KEY = 'reduceMotion'
export const CHANGE_EVENT = 'reducemotionchange'
/** The system setting, as CSS and the machine's listener read it. */
export const SYSTEM_QUERY = '(prefers-reduced-motion: reduce)'
// Constants only: the bundler inlines them into the chunks that use them, where a function here would become a
// chunk of its own shared by the first-load code and the lazily loaded actor.
