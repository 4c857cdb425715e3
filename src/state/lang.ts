/**
 * The interface language: chosen by `?lang=`, the stored choice or zh-Hans at launch (app/boot.ts), and
 * switched by the student on Login and in Settings. A language other than zh-Hans shows once its
 * catalogue has loaded.
 */
import { LANGS, type Lang } from '../../manifest/app'
import { langFromQuery, loadLang } from '../i18n/i18n'
import { setFrameLang } from '../start/lib/signedInMarker'
import { read, write } from '../lib/storage'
import { appState, setLang } from './app'

/** Remembers the choice for later visits; it still holds for this one when storage refuses it. */
function remember(lang: Lang): void {
  try {
    write('lang', lang)
  } catch (e) {
    console.warn('[lang]', (e as Error).message)
  }
}

/** Chooses the language: `?lang=` (remembered) over the stored choice over zh-Hans. */
export function resolveLang(search: string): Lang {
  const asked = langFromQuery(new URLSearchParams(search).get('lang'))
  if (asked) {
    remember(asked)
    return asked
  }
  const stored = read('lang')
  return stored && LANGS.includes(stored) ? stored : 'zh-Hans'
}

/**
 * Shows the app in `lang`, and keeps a change of it for the service worker, which paints the next open's
 * frame in the language the app last showed (docs/performance.md "The daily open"). The same language
 * again writes nothing: the marker, set at each signed-in launch, carries the language shown then.
 */
export function applyLang(lang: Lang): void {
  const changed = appState.lang !== lang
  setLang(lang)
  document.documentElement.lang = lang
  if (changed) void setFrameLang(lang)
}

/** The student's choice of language (Settings, Login): remembered for later visits, applied once its catalogue is here. */
export async function chooseLang(lang: Lang): Promise<void> {
  remember(lang)
  try {
    await loadLang(lang)
  } catch {
    // Offline before the catalogue was ever cached: the page stays in the language it has.
    return
  }
  applyLang(lang)
}
