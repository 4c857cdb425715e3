/**
 * One row of Home's desk: the title (the student's own words, kept in their language) and its meta line.
 * Without `onOpen` and `meta` it is the row of the daily open's frame, which the service worker writes
 * before any script runs (start/lib/homeRows.ts frameRowsHtml, held to this markup by a unit test).
 */
export function DeskRow({ title, meta, onOpen }: { title: string; meta?: string; onOpen?: () => void }) {
  const parts = (
    <>
      <span className="hs-link__title" data-user-content>
        {title}
      </span>
      {meta === undefined ? <span className="hs-link__meta hs-sk hs-sk--meta" /> : <span className="hs-link__meta">{meta}</span>}
    </>
  )
  return onOpen ? (
    <button type="button" className="hs-link" onClick={onOpen}>
      {parts}
    </button>
  ) : (
    <span className="hs-link">{parts}</span>
  )
}
