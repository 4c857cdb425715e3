/** Set at build time (vite.config.ts `define`): identifies one build, so a reload can tell versions apart. */
declare const __BUILD_ID__: string
