/** The UI kit page (development only: kit.html is not a build input): every widget in every state. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../styles/base.css'

function Kit() {
  return (
    <main style={{ padding: 16 }}>
      <h1>Habor UI kit</h1>
    </main>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<StrictMode><Kit /></StrictMode>)
