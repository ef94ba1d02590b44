// Types of scripts/preview.mjs (plain JavaScript so `node scripts/preview.mjs` needs no loader).
export declare const COMPATIBILITY_DATE: string
export declare const REJECTED: RegExp[]
export declare function offlineEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>
export declare function wranglerArgs(options: { root: string; host: string; port: number; persist: string }): string[]
