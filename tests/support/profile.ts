/** Fills Improve's profile form as a student does: name, grade and class from their pickers, the month and year of birth, the org code. */
import { expect, type Page } from '@playwright/test'

/**
 * `org: null` leaves the organisation as the page offers it (taken from an invitation). `birth` defaults to
 * June 2008, a student of 14 or older, whom no guardian is asked for (docs/privacy.md).
 */
export async function fillProfile(page: Page, p: { name: string; grade: string; className: string; org?: string | null; birth?: { year: number; month: number } }): Promise<void> {
  await page.getByLabel('姓名').fill(p.name)
  for (const [picker, option] of [
    [/年级/, p.grade],
    [/班级/, p.className],
  ] as const) {
    await page.getByRole('button', { name: picker }).click()
    await page.getByRole('dialog').getByRole('option', { name: option, exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  }
  await pickBirth(page, p.birth ?? { year: 2008, month: 6 })
  if (p.org !== null) await page.getByLabel('机构代码').fill(p.org ?? 'demo')
}

/** Chooses a month and year in the 出生年月 picker (Improve, Consent). */
export async function pickBirth(page: Page, birth: { year: number; month: number }): Promise<void> {
  await page.getByRole('button', { name: /出生年月/ }).click()
  const dialog = page.getByRole('dialog')
  for (const name of [`${birth.year}年`, `${birth.month}月`]) {
    const option = dialog.getByRole('option', { name, exact: true })
    await option.click()
    await expect(option).toHaveAttribute('aria-selected', 'true')
  }
  await dialog.getByRole('button', { name: '确定' }).click()
}
