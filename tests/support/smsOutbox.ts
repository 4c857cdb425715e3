/** The dev SMS outbox of the embedded server (docs/contract.md), as the browser tests read it. */
import { expect, type APIRequestContext } from '@playwright/test'

/** The newest code the outbox holds for a phone, once there is one. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/dev/sms/outbox?phone=${phone}`)).json()) as { data?: { code?: string } | null }
      code = body.data?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}
