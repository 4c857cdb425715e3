/** The signed-in student's writes waiting in the outbox (lib/outbox), kept up to date as it sends them. */
import { useEffect, useState } from 'react'
import { listOutbox, onOutboxChanged, type OutboxItem } from '../lib/outbox/outbox'

export function useOutboxItems(): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([])
  useEffect(() => {
    let live = true
    const refresh = () => void listOutbox().then((all) => live && setItems(all))
    const off = onOutboxChanged(refresh)
    refresh()
    return () => {
      live = false
      off()
    }
  }, [])
  return items
}
