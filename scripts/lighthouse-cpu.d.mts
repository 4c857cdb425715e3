export declare const DEFAULT_MULTIPLIER: number
export declare const FULL_SPEED_INDEX: number
export declare const SLOWEST_INDEX: number
export declare function cpuMultiplier(benchmarkIndex: number): number
