/** localStorage key of the reduce-motion setting, and the window event announcing changes. */
export const STORAGE_KEY = 'reduceMotion'
export const CHANGE_EVENT = 'reducemotionchange'
