/**
 * Login opened by the way back from single sign-on (`?code&state`) or by a mini-programme web-view
 * (`?wxcode=`): the sign-in is finished here, once, and the flow moves on to its next page. A failure
 * replaces the URL (its one-time code is spent), which may mount a Login afresh, so the error is handed
 * over in memory and said by whichever Login is then on screen.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { isUnreachable } from '../../lib/http/errors'
import { replace } from '../../state/navigation'
import { useLatest } from '../../hooks/useLatest'
import { loadFlows } from '../../ui/AuthForm/loadFlows'

let returnError: { error: unknown; wechat: boolean } | undefined

export interface ReturnReport {
  /** A refusal or a failure, in the form's words. */
  fail: (e: unknown) => Promise<void>
  /** A message of the form's own (what the flow answered, or `wxFailed`). */
  setFormError: (text: string) => void
  /** WeChat's refusals mean nothing to a student: this says what to do instead. */
  wxFailed: string
}

export interface OauthReturn {
  /** The sign-in of the return is under way. */
  returning: boolean
  /** It came from WeChat (the mini-programme), not the sign-in provider. */
  wechat: boolean
}

export function useOauthReturn(query: Readonly<Record<string, string>>, report: ReturnReport): OauthReturn {
  const { code, state, wxcode } = query
  const [returning, setReturning] = useState(false)
  const started = useRef(false)
  const latest = useLatest(report)

  // Said by the Login the replace() leaves on screen: this one, with its new query, or a new one.
  const search = new URLSearchParams(query).toString()
  useLayoutEffect(() => {
    const r = returnError
    if (!r) return
    returnError = undefined
    // A network failure says so itself.
    if (r.wechat && !isUnreachable(r.error)) latest.current.setFormError(latest.current.wxFailed)
    else void latest.current.fail(r.error)
  }, [search, latest])

  useEffect(() => {
    // Once: the flow replaces the URL itself, and a second query is not a second return.
    if (started.current || !((code && state) || wxcode)) return
    started.current = true
    setReturning(true)
    void (async () => {
      const flows = await loadFlows()
      try {
        const signed = wxcode ? await flows.loginWxMp(wxcode) : await flows.loginOauth({ code: code ?? '', state: state ?? '', redirectUri: flows.oauthRedirectUri() })
        if (typeof signed.result === 'string' && signed.next === 'stay') latest.current.setFormError(signed.result)
        await flows.go(signed.next)
      } catch (e) {
        returnError = { error: e, wechat: Boolean(wxcode) }
        replace('/login')
      } finally {
        setReturning(false)
      }
    })()
  }, [code, state, wxcode, latest])

  return { returning, wechat: Boolean(wxcode) }
}
