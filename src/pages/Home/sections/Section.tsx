/** One card of Home's desk: a title, then its skeleton, empty state, error with retry, or items. */
import type { ReactNode } from 'react'
import type { ResourceState } from '../../../hooks/useResource'
import { Button } from '../../../ui/Button/Button'

interface Props<T> {
  id: string
  title: string
  icon: ReactNode
  state: ResourceState<T[]>
  empty: string
  failed: string
  retry: string
  onRetry: () => void
  render: (item: T) => ReactNode
  keyOf: (item: T) => string
  /** Link beside the title (e.g. "all"). */
  action?: ReactNode
}

export function Section<T>({ id, title, icon, state, empty, failed, retry, onRetry, render, keyOf, action }: Props<T>) {
  const items = state.kind === 'ready' ? state.data : []
  return (
    <section className="hs-card" aria-labelledby={`hs-${id}`} aria-busy={state.kind === 'loading'} data-testid={`home-${id}`}>
      <div className="hs-card__head">
        <h2 id={`hs-${id}`} className="hs-card__title">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      {state.kind === 'loading' ? (
        <ul className="hs-list" aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i} className="hs-item hs-item--skeleton">
              <span className="hs-sk hs-sk--title" />
              <span className="hs-sk hs-sk--meta" />
            </li>
          ))}
        </ul>
      ) : state.kind === 'failed' || state.kind === 'offline' ? (
        <div className="hs-card__error" role="alert">
          <span>{failed}</span>
          <Button variant="secondary" size="s" onClick={onRetry}>
            {retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="hs-card__empty">{empty}</p>
      ) : (
        <ul className="hs-list">
          {items.map((item) => (
            <li key={keyOf(item)} className="hs-item">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
