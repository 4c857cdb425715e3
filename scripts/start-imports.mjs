/**
 * What src/main.tsx imports as it starts, outside its static graph (build manifest keys): React DOM, a
 * chunk of its own so that evaluating it is a task of its own, and the storage cipher. The prerendered
 * pages' starter preloads them (scripts/prerender.mjs) and the size budgets count them
 * (scripts/size-check.mjs).
 */
export const START_IMPORTS = ['node_modules/react-dom/client.js', 'src/lib/storage/codec.ts']
