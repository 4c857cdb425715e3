export interface TreeProcess {
  pid: number
  state: string
  ppid: number
  pgid: number
  started: string
}
export declare function descendants(root: number): TreeProcess[]
export declare function stopTree(leader: number, sig?: NodeJS.Signals): TreeProcess[]
export declare function reap(strays: TreeProcess[], graceMs?: number): Promise<number>
export declare function alive(p: TreeProcess): boolean
export declare function runThenCleanUp(command: string, args: string[], options: import('node:child_process').SpawnOptions, cleanUp: () => Promise<unknown>): Promise<number>
