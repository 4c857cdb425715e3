// @vitest-environment node
/** The recordings-quota refusal gets its own words (src/pages/Motherday/storageQuota.ts). */
import { describe, expect, it } from 'vitest'
import { RequestError } from '../../../../src/lib/http/errors'
import { storageFullText, storageQuotaError, storageQuotaOf } from '../../../../src/pages/Motherday/storageQuota'
import { TEXTS } from '../../../../src/pages/Motherday/texts'

const MIB = 1024 * 1024
const data = { reason: 'storage-quota', quotaBytes: 50 * MIB, usedBytes: 49.6 * MIB }

describe('the storage-quota refusal', () => {
  it('is recognised from a 429 carrying reason storage-quota, and from nothing else', () => {
    expect(storageQuotaError(new RequestError('status', 100003, 'too many', 429, data))).toEqual({ quotaBytes: 50 * MIB, usedBytes: 49.6 * MIB })
    expect(storageQuotaError(new RequestError('status', 100003, 'too many', 429, { reason: 'upload-quota', retryAfter: 3600 }))).toBeNull()
    expect(storageQuotaError(new RequestError('status', 100003, 'too many', 429, { retryAfter: 60 }))).toBeNull()
    expect(storageQuotaError(new RequestError('business', 100002, 'audio: no sound', 200, data))).toBeNull()
    expect(storageQuotaError(new Error('x'))).toBeNull()
    expect(storageQuotaOf({ reason: 'storage-quota', quotaBytes: '50', usedBytes: 1 })).toBeNull()
    expect(storageQuotaOf(null)).toBeNull()
  })

  it('says the quota and the use in MB with one decimal at most, never more used than the quota', () => {
    expect(storageFullText(TEXTS.zh, data)).toBe('语音留言已用 49.6 MB，共 50 MB，放不下这段录音了，贺卡还没有生成。可以删除语音，只发送文字贺卡；或者删除不要的旧贺卡，空出位置。')
    expect(storageFullText(TEXTS('en'), { quotaBytes: 50 * MIB, usedBytes: 60 * MIB })).toContain('Voice messages: 50 MB of 50 MB used')
    expect(storageFullText(TEXTS('en'), { quotaBytes: 50 * MIB, usedBytes: 49.96 * MIB })).toContain('50 MB of 50 MB used')
    expect(storageFullText(TEXTS.zh, data, true)).toContain('语音留言已用 49.6 MB，共 50 MB，这张贺卡的录音放不下了')
  })
})
