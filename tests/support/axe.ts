/**
 * axe for the browser specs: run in the page itself (axe's "legacy mode"). By default @axe-core/playwright
 * runs axe in each frame and opens a blank page to put the frames' results together, which is there for
 * cross-origin frames; our pages have none, and the blank page cost about 0.6 s of each 1 s check here, paid
 * on every page of every walk. The rules and their results are the same either way.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode()
