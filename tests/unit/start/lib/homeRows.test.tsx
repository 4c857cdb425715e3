/**
 * One row definition for Home's desk (docs/performance.md "From the first byte to the first tap and the
 * daily open's frame"): the HTML the service worker writes into Home's frame (start/lib/homeRows.ts
 * frameRowsHtml) is what React renders for the same rows through Home's Section and DeskRow, escaping
 * included, so the frame and the page draw one row in the same boxes.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { frameRowsHtml } from '../../../../src/start/lib/homeRows'
import { DeskRow } from '../../../../src/pages/Home/sections/DeskRow'
import { Section } from '../../../../src/pages/Home/sections/Section'

/** The rows of React's list for these titles, as Home's Section renders a ready section of frame rows. */
function reactRows(titles: string[]): string {
  const html = renderToStaticMarkup(
    <Section<string>
      id="works"
      title="我的作品"
      icon={null}
      state={{ kind: 'ready', data: titles }}
      empty=""
      failed=""
      retry=""
      onRetry={() => undefined}
      keyOf={(t) => t}
      render={(t) => <DeskRow title={t} />}
    />,
  )
  return /<ul class="hs-list">([\s\S]*)<\/ul>/.exec(html)?.[1] ?? ''
}

describe("Home's frame rows", () => {
  it.each([
    [['三体']],
    [['静夜思', '城南旧事', 'Charlotte’s Web']],
    // Titles are what students typed: text, never markup.
    [['<b>粗体</b>', 'Tom & Jerry', `"quoted" 'single'`, '<script>alert(1)</script>']],
  ])('the worker writes what React renders for %j', (titles) => {
    expect(reactRows(titles)).not.toBe('')
    expect(frameRowsHtml(titles)).toBe(reactRows(titles))
  })

  it('no rows, no markup', () => {
    expect(frameRowsHtml([])).toBe('')
  })
})
