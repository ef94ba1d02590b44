// Types of scripts/supported-node.mjs (plain JavaScript that Node 20 parses, so an old Node can run it to find a newer one).
export declare const OLDEST_SUPPORTED: [number, number]
export declare const FETCHED_MAJOR: number
export declare function isSupported(version: string, oldest?: [number, number]): boolean
export declare function fetchedNodeHome(arch?: string): string
export declare function fetchedNode(): string
export declare function onSupportedNode(options?: { oldest?: [number, number] }): Promise<void>
