/** Fills Improve's profile form as a student does: name, grade and class from their pickers, the org code. */
import type { Page } from '@playwright/test'

/** `org: null` leaves the organisation as the page offers it (taken from an invitation). */
export async function fillProfile(page: Page, p: { name: string; grade: string; className: string; org?: string | null }): Promise<void> {
  await page.getByLabel('姓名').fill(p.name)
  for (const [picker, option] of [
    [/年级/, p.grade],
    [/班级/, p.className],
  ] as const) {
    await page.getByRole('button', { name: picker }).click()
    await page.getByRole('dialog').getByRole('option', { name: option, exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  }
  if (p.org !== null) await page.getByLabel('机构代码').fill(p.org ?? 'demo')
}
