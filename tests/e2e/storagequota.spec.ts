/**
 * The recordings quota (docs/security.md, 50 MiB an account): a student whose voice messages fill it
 * and who makes another card with a recording is told so beside the recording, in words of its own, not
 * "生成失败，请重试"; removing the recording then makes the card with text only. A student registered
 * for this test fills the quota through the API with the largest recordings an upload may have.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { CARD_AUDIO_MAX_BYTES } from '../../src/contract/cards'
import { webmFile } from '../support/audio'
import { screenshot } from '../support/screenshot'
import { resumeSession, type TokenPair } from '../support/session'
import { smsCode } from '../support/smsOutbox'

test.use({ viewport: { width: 375, height: 812 } })

const HEADERS = { 'App-ID': 'jsj-habor' }
const DEVICE = { deviceType: 'mobile', deviceCode: 'e2e-storage-quota', appId: 'jsj-habor' }
const PHONE = '13500135094'

async function registered(request: APIRequestContext): Promise<TokenPair> {
  await request.post('/api/sms/code', { headers: HEADERS, data: { username: PHONE, scene: 'login' } })
  const sms = await request.post('/api/login/sms', { headers: HEADERS, data: { username: `+86${PHONE}`, code: await smsCode(request, PHONE), isAdmin: false, ...DEVICE } })
  const temp = ((await sms.json()) as { data: { token: string } }).data.token
  const done = await request.put('/api/auth/student/improve', { headers: { ...HEADERS, Authorization: `Bearer ${temp}` }, data: { name: '周小满', grade: '七年级', className: '2班', orgCode: 'DEMO' } })
  return ((await done.json()) as { data: TokenPair }).data
}

/** Cards with the largest recordings until the next upload is refused for the quota; how many were made. */
async function fillQuota(request: APIRequestContext, token: string): Promise<number> {
  const auth = { ...HEADERS, Authorization: `Bearer ${token}` }
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

/** One second of quiet as 8 kHz 16-bit mono WAV: a recording the browser plays and the server measures. */
function wavSecond(): Buffer {
  const rate = 8000
  const data = Buffer.alloc(rate * 2)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + data.length, 4)
  h.write('WAVEfmt ', 8)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(rate, 24)
  h.writeUInt32LE(rate * 2, 28)
  h.writeUInt16LE(2, 32)
  h.writeUInt16LE(16, 34)
  h.write('data', 36)
  h.writeUInt32LE(data.length, 40)
  return Buffer.concat([h, data])
}

test('a recording refused for the full quota says so beside it; without the recording the card is made', async ({ page, request }) => {
  test.setTimeout(90_000)
  const pair = await registered(request)
  expect(await fillQuota(request, pair.token)).toBe(10)
  await resumeSession(page, pair)
  await page.goto('/motherday')
  await page.getByLabel('祝福语').fill('妈妈，节日快乐！')
  await page.locator('.motherday__voice input[type=file]').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: wavSecond() })
  await expect(page.getByRole('button', { name: '删除语音' })).toBeVisible()
  await page.getByRole('button', { name: '生成贺卡' }).click()

  const voice = page.locator('.motherday__voice').getByRole('alert')
  await expect(voice).toHaveText(/^你的语音留言已占满 50 MB 的空间（已用 (4[5-9]|50)(\.\d)? MB），这段录音没能上传，贺卡还没有生成。可以删除语音，只发送文字贺卡。$/)
  await expect(page.getByText('生成失败，请重试')).toHaveCount(0)
  await expect(page).toHaveURL(/\/motherday$/)
  await voice.scrollIntoViewIfNeeded()
  await screenshot(page, 'motherday-storage-full-375x812')

  await page.getByRole('button', { name: '删除语音' }).click()
  await page.getByRole('button', { name: '生成贺卡' }).click()
  await expect(page).toHaveURL(/\/motherday\?id=[0-9a-f-]{36}$/)
})
