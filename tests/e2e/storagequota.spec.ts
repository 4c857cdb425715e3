/**
 * The recordings quota (docs/security.md, 50 MiB an account): a student whose voice messages fill it
 * and who makes another card with a recording is told so beside the recording, in words of its own, not
 * "生成失败，请重试"; removing the recording then makes the card with text only. A student registered
 * for this test fills the quota through the API with the largest recordings an upload may have.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import { test } from '../support/fixtures'
import { CARD_AUDIO_MAX_BYTES } from '../../src/contract/cards'
import { webmFile } from '../support/audio'
import { wavFile } from '../support/wav'
import { screenshot } from '../support/screenshot'
import { resumeSession } from '../support/session'
import { APP_HEADERS, registerStudent } from '../support/register'

test.use({ viewport: { width: 375, height: 812 } })

const PHONE = '13500135094'

/** Cards with the largest recordings until the next upload is refused for the quota; how many were made. */
async function fillQuota(request: APIRequestContext, token: string): Promise<number> {
  const auth = { ...APP_HEADERS, Authorization: `Bearer ${token}` }
  const short = webmFile(4200)
  const largest = webmFile(4200, CARD_AUDIO_MAX_BYTES - short.length - 9)
  for (let made = 0; made < 20; made++) {
    const up = (await (await request.post('/api/cards/audio', { headers: { ...auth, 'content-type': 'audio/webm' }, data: largest })).json()) as { code: number; data: { audioId: string; reason?: string } }
    if (up.code !== 0) {
      expect(up).toMatchObject({ code: 100003, data: { reason: 'storage-quota' } })
      return made
    }
    const card = (await (await request.post('/api/cards', { headers: auth, data: { design: 'garden', message: `第 ${made + 1} 张`, audioId: up.data.audioId } })).json()) as { code: number }
    expect(card.code).toBe(0)
  }
  throw new Error('the quota never refused an upload')
}

/** A recording the browser plays and the server measures. */
const RECORDING = wavFile(1000)

test('a recording refused for the full quota says so beside it; without the recording the card is made', async ({ page, request }) => {
  const pair = await registerStudent(request, PHONE, 'e2e-storage-quota', { name: '周小满', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  expect(await fillQuota(request, pair.token)).toBe(10)
  await resumeSession(page, pair)
  await page.goto('/motherday')
  await page.getByLabel('祝福语').fill('妈妈，节日快乐！')
  await page.locator('.motherday__voice input[type=file]').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: RECORDING })
  await expect(page.getByRole('button', { name: '删除语音' })).toBeVisible()
  await page.getByRole('button', { name: '生成贺卡' }).click()

  const voice = page.locator('.motherday__voice').getByRole('alert')
  await expect(voice).toHaveText(/^语音留言已用 (4[5-9]|50)(\.\d)? MB，共 50 MB，放不下这段录音了，贺卡还没有生成。可以删除语音，只发送文字贺卡；或者删除不要的旧贺卡，空出位置。$/)
  // The way out: My cards, on the same page, where old cards and their recordings are deleted.
  const free = page.locator('.motherday__voice').getByRole('link', { name: '去我的贺卡删除旧贺卡' })
  await expect(free).toBeVisible()
  await expect(page.getByText('生成失败，请重试')).toHaveCount(0)
  await expect(page).toHaveURL(/\/motherday$/)
  await voice.scrollIntoViewIfNeeded()
  await screenshot(page, 'motherday-storage-full-375x812')
  await free.click()
  const mine = page.getByRole('region', { name: '我的贺卡' })
  await expect(mine).toBeFocused()
  await expect(mine.getByRole('button', { name: /^删除贺卡：/ }).first()).toBeInViewport()

  await page.getByRole('button', { name: '删除语音' }).click()
  await page.getByRole('button', { name: '生成贺卡' }).click()
  await expect(page).toHaveURL(/\/motherday\?id=[0-9a-f-]{36}$/)
})
