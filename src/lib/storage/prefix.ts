/** The prefix of every key the app keeps in localStorage (docs/contract.md's format: `jsj_habor_<name>`). */
export const STORAGE_PREFIX = 'jsj_habor_'
