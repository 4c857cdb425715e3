import type { WebSocket } from 'ws'

export declare const PINGREQ_FRAME: Buffer
export declare function floodSlot(url: string, token: string, slot: number, end: number, open: WebSocket[]): Promise<number>
