/** The run-time values of inbox.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export const INBOX_PAGE_MAX = 50
